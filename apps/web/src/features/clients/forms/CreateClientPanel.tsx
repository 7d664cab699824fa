import type { Client } from '@pd/contracts';
import { useRef, useState } from 'react';
import { useCreateClient } from '../../../api/clientForms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { PanelFrame } from '../../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../../components/panel/panelProps.ts';
import { ClientForm } from './ClientForm.tsx';
import { type ClientFormValues, newClientValues } from './clientFormValues.ts';
import { toCreatePayload } from './toPayload.ts';
import { useDuplicateClient } from './useDuplicateClient.tsx';

/** Tab 2, New client; the page opens the new client's record (issue 13) when it says how. */
export function CreateClientPanel({ onDone, onCancel, onCreated }: ClientPanelProps) {
  const { user } = useSession();
  return (
    <PanelFrame title="New client">
      <CreateClientForm
        companyId={user.companyId}
        onDone={(client) => (onCreated ? onCreated(client.id) : onDone())}
        onCancel={onCancel}
      />
    </PanelFrame>
  );
}

interface CreateClientFormProps {
  companyId: number;
  /** Values filled in before the user starts (e.g. the name typed into a client search). */
  initial?: Partial<ClientFormValues>;
  /** The id of the heading naming the form; by default the Clients panel's title. */
  labelledBy?: string;
  /** Issue 17: 'prospect' creates a prospect (the Prospects area), kept off the client list. */
  lifecycle?: 'client' | 'prospect';
  /** After the client is created, with the client as stored. */
  onDone: (client: Client) => void;
  onCancel: () => void;
}

/** The New client form on its own: tab 2 holds it, and so does the diary's booking panel. */
export function CreateClientForm({
  companyId,
  initial,
  labelledBy,
  lifecycle = 'client',
  onDone,
  onCancel,
}: CreateClientFormProps) {
  const create = useCreateClient(companyId);
  const [defaultValues] = useState(() => ({ ...newClientValues(), ...initial }));
  const created = useRef<Client | null>(null);
  const duplicate = useDuplicateClient();
  return (
    <ClientForm
      action="create"
      defaultValues={defaultValues}
      save={async (values) => {
        created.current = await create.mutateAsync(
          duplicate.confirm({ ...toCreatePayload(values), lifecycle }),
        );
      }}
      {...duplicate.formProps}
      labelledBy={labelledBy}
      onDone={() => {
        if (created.current) onDone(created.current);
      }}
      onCancel={onCancel}
    />
  );
}
