import './clientRecord.css';
import '../../styles/clients.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ReactNode, useCallback } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { useClient } from '../../api/clients.ts';
import { CLIENTS_QUERY_ROOT } from '../../api/queryKeys.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PanelLoading } from '../../components/panel/PanelFrame.tsx';
import { LIST_RETURN_STATE } from '../clients/list/listVisit.ts';
import { clientsHref, LIST_TAB } from '../clients/tabs.ts';
import type { PanelState } from '../clients/useClientsRoute.ts';
import { AccountCard } from './AccountCard.tsx';
import { ConsentCard, showsConsent } from './ConsentCard.tsx';
import { ContactCard } from './ContactCard.tsx';
import { HealthcareCard } from './HealthcareCard.tsx';
import { RecordActions } from './RecordActions.tsx';
import { RecordSections } from './RecordSections.tsx';
import { isRecordSection, type RecordSection, recordHref } from './recordHref.ts';
import { UpcomingCard } from './UpcomingCard.tsx';

export const CLIENT_NOT_FOUND = 'Client not found';
const LIST_HREF = clientsHref(LIST_TAB);

const clientIdOf = (value: string | undefined): number | undefined =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** #/client/{id}: one page per client (issue 13), reached from its name wherever it is listed. */
export function ClientRecordPage() {
  const clientId = clientIdOf(useParams().clientId);
  if (clientId === undefined) return <RecordNotFound />;
  return <ClientRecord key={clientId} clientId={clientId} />;
}

function ClientRecord({ clientId }: { clientId: number }) {
  const { company } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('section');
  const chosen = isRecordSection(raw) ? raw : undefined;
  const section: RecordSection = chosen ?? 'appointments';
  const client = useClient(clientId);
  const missing = client.error instanceof ApiError && client.error.status === 404;
  usePageTitle(client.data?.name ?? (missing ? CLIENT_NOT_FOUND : 'Client'));

  const setSection = useCallback(
    (next: RecordSection) => setParams({ section: next }, { replace: true }),
    [setParams],
  );
  // A panel opened here comes back here: to this section, or the one the spec's return tab names.
  const openPanel = useCallback(
    (tab: number, itemId?: number) => {
      const state: PanelState = { returnTo: recordHref(clientId, chosen) };
      navigate(clientsHref(tab, clientId, itemId), { state });
    },
    [navigate, clientId, chosen],
  );
  const panelProps = {
    openPanel,
    onCancel: () => navigate(LIST_HREF, { state: LIST_RETURN_STATE }),
    onDone: () => void queryClient.invalidateQueries({ queryKey: [CLIENTS_QUERY_ROOT] }),
  };

  if (missing) return <RecordNotFound clientId={clientId} />;
  if (client.isPending) {
    return (
      <RecordFrame title="Client">
        <PanelLoading text="Loading the client. Please wait." />
      </RecordFrame>
    );
  }
  if (client.isError) {
    return (
      <RecordFrame title="Client">
        <div className="notice notice--error" role="alert">
          <span>The client could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void client.refetch()} />
        </div>
      </RecordFrame>
    );
  }

  const c = client.data;
  return (
    <RecordFrame
      title={c.name}
      lead={`${c.lifecycle === 'prospect' ? 'Prospect' : 'Client'} ${c.id} of ${company.name}.`}
    >
      <RecordActions name={c.name} onOpen={(tab) => openPanel(tab)} />
      <div className="record-summary">
        <ContactCard client={c} />
        <div className="record-summary__side">
          <AccountCard clientId={clientId} />
          <UpcomingCard clientId={clientId} />
          {showsConsent(c) && <ConsentCard client={c} />}
        </div>
        {company.type === 'H' && <HealthcareCard clientId={clientId} />}
      </div>
      <RecordSections clientId={clientId} section={section} onSection={setSection} panelProps={panelProps} />
    </RecordFrame>
  );
}

function RecordFrame({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="page client-record" aria-labelledby="page-heading">
      <div className="page__header client-record__header">
        <Link to={LIST_HREF} state={LIST_RETURN_STATE} className="client-record__back">
          <span className="pi pi-arrow-left" aria-hidden="true" /> Client list
        </Link>
        <h1 id="page-heading">{title}</h1>
        {lead && <p className="page__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** Another company's client answers 404 like a missing one: the page says not found, never more. */
function RecordNotFound({ clientId }: { clientId?: number }) {
  usePageTitle(CLIENT_NOT_FOUND);
  return (
    <RecordFrame title={CLIENT_NOT_FOUND}>
      <div className="coming-soon" data-testid="record-not-found">
        <span className="pi pi-user-minus coming-soon__icon" aria-hidden="true" />
        <div>
          <p>
            {clientId === undefined
              ? 'This address does not name a client.'
              : `There is no client with ID ${clientId}. It may have been deleted, or the link may be mistyped.`}
          </p>
          <Link to={LIST_HREF} state={LIST_RETURN_STATE}>
            Back to the client list
          </Link>
        </div>
      </div>
    </RecordFrame>
  );
}
