import { type Client, ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useClientRecord, useUpdateClient } from '../../../api/clientForms.ts';
import { useCompanyConfig } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { ClientForm } from './ClientForm.tsx';
import { clientToValues } from './clientFormValues.ts';
import { PanelFrame, PanelLoading, PanelNotice } from './PanelFrame.tsx';
import { toUpdatePayload } from './toPayload.ts';
import { useClientForm } from './useClientForm.ts';
import { useFreshData } from './useFreshData.ts';

export const NO_CLIENT_CHOSEN = 'No client was chosen. Choose a client in the list, then Update.';
export const CLIENT_NOT_FOUND = 'This client was not found. It may have been deleted.';

/** Tab 4, Update client. Spec section 5: editing needs a client id. */
export function UpdateClientPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const config = useCompanyConfig(user.companyId);
  const record = useClientRecord(clientId);
  const client = useFreshData(record);
  const title = client ? `Update client: ${client.name}` : 'Update client';
  return (
    <PanelFrame title={title}>
      {clientId === undefined ? (
        <PanelNotice text={NO_CLIENT_CHOSEN} onCancel={onCancel} />
      ) : record.isError ? (
        <PanelNotice
          tone="error"
          text={
            record.error instanceof ApiError && record.error.status === 404
              ? CLIENT_NOT_FOUND
              : 'The client could not be loaded. Please try again.'
          }
          onCancel={onCancel}
        />
      ) : !client || config.isPending ? (
        <PanelLoading text="Loading the client…" />
      ) : (
        <UpdateClientForm
          key={client.id}
          client={client}
          showTaxNumber={config.data?.taxRegistered === 'Y'}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface UpdateClientFormProps extends ClientPanelProps {
  client: Client;
  showTaxNumber: boolean;
}

function UpdateClientForm({ client, showTaxNumber, onDone, onCancel }: UpdateClientFormProps) {
  const update = useUpdateClient(client.id);
  // The values as loaded: toUpdatePayload compares against them to tell a cleared field from an untouched one.
  const [loaded] = useState(() => clientToValues(client));
  const { form, submit, otherProblems } = useClientForm({
    defaultValues: loaded,
    showTaxNumber,
    save: (values) => update.mutateAsync(toUpdatePayload(values, loaded, { showTaxNumber })),
    success: SUCCESS_MESSAGES.updateClient,
    failure: ERROR_MESSAGES.updateClient,
    onDone,
  });
  return (
    <ClientForm
      form={form}
      submit={submit}
      otherProblems={otherProblems}
      showTaxNumber={showTaxNumber}
      selfId={client.id}
      submitLabel="Update"
      onCancel={onCancel}
    />
  );
}
