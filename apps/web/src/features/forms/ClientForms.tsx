import '../../styles/forms.css';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useClient } from '../../api/clients.ts';
import { FormRequestsTable } from './FormRequestsTable.tsx';
import { SendFormDialog } from './SendFormDialog.tsx';

/** A client's forms in their record (issue 18, part 7): what was sent and submitted, and "Send a form" to them. */
export function ClientForms({ clientId }: { clientId: number }) {
  const client = useClient(clientId);
  const [sending, setSending] = useState(false);
  const name = client.data?.name ?? `Client ${clientId}`;
  return (
    <section className="record-section" aria-labelledby="record-forms-heading">
      <div className="record-section__header">
        <h2 id="record-forms-heading">Forms</h2>
        <Button
          type="button"
          label="Send a form"
          icon="pi pi-send"
          size="small"
          onClick={() => setSending(true)}
        />
      </div>
      <FormRequestsTable clientId={clientId} idPrefix="client-forms-" />
      {sending && <SendFormDialog client={{ id: clientId, name }} onHide={() => setSending(false)} />}
    </section>
  );
}
