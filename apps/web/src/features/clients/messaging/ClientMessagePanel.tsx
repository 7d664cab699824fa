import type { Client } from '@pd/contracts';
import type { ReactNode } from 'react';
import { useClient } from '../../../api/clients.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import { useTitleWithClient } from '../products/useClientName.ts';

/** Loads the client the panel acts on and shows the form, or why it cannot. */
export function ClientMessagePanel({
  title,
  clientId,
  onCancel,
  children,
}: {
  title: string;
  clientId: number | undefined;
  onCancel: () => void;
  children: (client: Client) => ReactNode;
}) {
  const client = useClient(clientId);
  const heading = useTitleWithClient(title, clientId);
  return (
    <PanelFrame title={heading}>
      {clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : client.isError ? (
        <PanelNotice tone="error" text="The client could not be loaded." onCancel={onCancel} />
      ) : client.isPending ? (
        <PanelLoading text="Loading the client. Please wait." />
      ) : (
        children(client.data)
      )}
    </PanelFrame>
  );
}
