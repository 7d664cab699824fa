import { CLIENT_TABS } from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { ClientPick } from '../../api/clientForms.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { ClientPicker } from '../clients/forms/ClientPicker.tsx';
import { clientsHref } from '../clients/tabs.ts';

const chooseClient = z.object({
  client: z.object({ id: z.number() }, { error: 'Choose a client from the list.' }),
});

interface Values {
  client: ClientPick | string | null;
}

/** Issue 13: "New invoice" from the Invoices page: choose the client, then tab 17 (Create invoice) opens. */
export function NewInvoiceDialog({ onHide }: { onHide: () => void }) {
  const navigate = useNavigate();
  const { form, submit, problems } = useContractForm<Values, z.output<typeof chooseClient>>({
    schema: chooseClient,
    defaultValues: { client: null },
    save: async ({ client }) => {
      navigate(clientsHref(CLIENT_TABS.createInvoice, client.id));
    },
  });
  return (
    <Dialog visible onHide={onHide} header="New invoice" style={{ width: 'min(32rem, 95vw)' }} modal>
      <FormShell form={form} onSubmit={submit} idPrefix="new-invoice-" label="New invoice">
        <ClientPicker name="client" label="Client" kind="search" />
        <FormActions
          submitLabel="Continue"
          submitIcon="pi pi-arrow-right"
          onCancel={onHide}
          problems={problems}
        />
      </FormShell>
    </Dialog>
  );
}
