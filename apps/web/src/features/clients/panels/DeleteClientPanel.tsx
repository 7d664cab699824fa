import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { useClient, useDeleteClient } from '../../../api/clients.ts';
import { DeleteConfirmForm } from '../../../components/DeleteConfirmForm.tsx';
import { STATUS_LABELS } from '../../../components/form/options.ts';
import { MobileLink } from '../../../components/MobileLink.tsx';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { UnavailablePanel } from './UnavailablePanel.tsx';

/** Tab 5. Spec: a Yes/No confirmation defaulting to No, and a typed confirmation; both apply. */
export function DeleteClientPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const client = useClient(clientId);
  const remove = useDeleteClient();

  if (client.isPending) return <p className="muted">Loading the client. Please wait.</p>;
  if (client.isError || !clientId) {
    return (
      <UnavailablePanel title="Delete client" icon="pi pi-exclamation-triangle">
        This client could not be found. It may have been deleted already.
      </UnavailablePanel>
    );
  }

  const { name } = client.data;
  return (
    <section className="clients-panel" aria-labelledby="delete-client-heading">
      <h2 id="delete-client-heading">Delete client</h2>
      <DeleteConfirmForm
        noun="client"
        legend={`Delete ${name}?`}
        idPrefix="delete-answer"
        typedName={name}
        remove={() => remove.mutateAsync(clientId)}
        success={SUCCESS_MESSAGES.deleteClient}
        failure={ERROR_MESSAGES.deleteClient}
        onDone={onDone}
        onCancel={onCancel}
        labelledBy="delete-client-heading"
      >
        <dl className="details" data-testid="delete-client-details">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>ID</dt>
          <dd>{client.data.id}</dd>
          <dt>E-mail</dt>
          <dd>{client.data.email ?? '—'}</dd>
          <dt>Mobile</dt>
          <dd>
            <MobileLink mobile={client.data.mobile} />
          </dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[client.data.status] ?? client.data.status}</dd>
        </dl>
        <p className="notice notice--info">
          <span className="pi pi-info-circle" aria-hidden="true" />
          The client leaves every list and search. Their invoices, notes and audit entries are kept.
        </p>
      </DeleteConfirmForm>
    </section>
  );
}
