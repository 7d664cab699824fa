import type { Client } from '@pd/contracts';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useClientRecord, useUpdateClient } from '../../../api/clientForms.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { useFreshData } from '../../../lib/useFreshData.ts';
import { ClientForm } from './ClientForm.tsx';
import { clientToValues } from './clientFormValues.ts';
import { toUpdatePayload } from './toPayload.ts';

export const NO_CLIENT_CHOSEN = 'No client was chosen. Choose a client in the list, then Update.';
export const CLIENT_NOT_FOUND = 'This client was not found. It may have been deleted.';

/** Tab 4, Update client. Spec section 5: editing needs a client id. */
export function UpdateClientPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
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
      ) : !client ? (
        <PanelLoading text="Loading the client…" />
      ) : (
        <UpdateClientForm key={client.id} client={client} onDone={onDone} onCancel={onCancel} />
      )}
    </PanelFrame>
  );
}

interface UpdateClientFormProps extends ClientPanelProps {
  client: Client;
}

function UpdateClientForm({ client, onDone, onCancel }: UpdateClientFormProps) {
  const update = useUpdateClient(client.id);
  // The values as loaded: toUpdatePayload compares against them to tell a cleared field from an untouched one.
  const [loaded] = useState(() => clientToValues(client));
  return (
    <ClientForm
      action="update"
      defaultValues={loaded}
      save={(values) => update.mutateAsync(toUpdatePayload(values, loaded))}
      selfId={client.id}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
