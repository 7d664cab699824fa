import { DUPLICATE_CLIENT_MESSAGES } from '@pd/contracts';
import { Link } from 'react-router-dom';
import { useClient } from '../../../api/clients.ts';
import { STATUS_LABELS } from '../../../components/form/options.ts';
import { MobileLink } from '../../../components/MobileLink.tsx';
import { recordHref } from '../../client-record/recordHref.ts';

interface DuplicateClientNoticeProps {
  /** The existing client the API named (409 DUPLICATE_CLIENT). */
  clientId: number;
  /** The API's words: which field repeats which client. */
  message: string;
}

/**
 * New client, after the API said a live client has the same ID number or e-mail: that client, a way to
 * open it, and (beside Create, in the form's actions) "Create anyway".
 */
export function DuplicateClientNotice({ clientId, message }: DuplicateClientNoticeProps) {
  const client = useClient(clientId);
  const existing = client.data;
  return (
    <section
      className="duplicate-client"
      aria-labelledby="duplicate-client-title"
      data-testid="duplicate-client"
    >
      <h3 id="duplicate-client-title" className="duplicate-client__title">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {message}
      </h3>
      {existing && (
        <dl className="details duplicate-client__details">
          <dt>Name</dt>
          <dd>{existing.name}</dd>
          <dt>ID number</dt>
          <dd>{existing.idNumber ?? '—'}</dd>
          <dt>E-mail</dt>
          <dd>{existing.email ?? '—'}</dd>
          <dt>Mobile</dt>
          <dd>
            <MobileLink mobile={existing.mobile} />
          </dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[existing.status] ?? existing.status}</dd>
        </dl>
      )}
      <p className="duplicate-client__choice">
        <Link to={recordHref(clientId)} data-testid="open-existing-client">
          {DUPLICATE_CLIENT_MESSAGES.open}
        </Link>
        , or choose “{DUPLICATE_CLIENT_MESSAGES.createAnyway}” to add this client as well.
      </p>
    </section>
  );
}
