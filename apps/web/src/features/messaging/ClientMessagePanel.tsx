import { CLIENT_TABS, type Client } from '@pd/contracts';
import type { ReactNode } from 'react';
import { useClient } from '../../api/clients.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

/** What a form about one client gets: the client, and the ways out of the panel. */
export interface ClientFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  client: Client;
  /** Opens Update client, e.g. to add the missing address. */
  onUpdateClient: () => void;
}

/** Loads the client the panel acts on and shows the form, or why it cannot. */
export function ClientMessagePanel({
  title,
  panel: { clientId, onDone, onCancel, openPanel },
  children,
}: {
  title: string;
  panel: ClientPanelProps;
  children: (form: ClientFormProps) => ReactNode;
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
        children({
          client: client.data,
          onDone,
          onCancel,
          onUpdateClient: () => openPanel?.(CLIENT_TABS.updateClient),
        })
      )}
    </PanelFrame>
  );
}
