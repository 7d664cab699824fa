import type { Client } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ClientPicker } from '../clients/forms/ClientPicker.tsx';
import type { BookingFormValues } from './bookingFormValues.ts';
import { NewClientDialog } from './NewClientDialog.tsx';

/**
 * The booking panel's client: a search of the company's clients, or "New client", which opens the Clients
 * page's New client form over the panel and chooses the client it creates. The rest of the booking stays
 * as the receptionist filled it in.
 */
export function BookingClientField() {
  const form = useFormContext<BookingFormValues>();
  const [creating, setCreating] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const created = (client: Client) => {
    setCreating(false);
    form.setValue('client', { id: client.id, name: client.name, email: client.email }, { shouldDirty: true });
    form.clearErrors('client');
    // Once the dialog has gone: back on the picker, which now names the client.
    setTimeout(() => form.setFocus('client'), 0);
  };
  return (
    <div className="diary-client" ref={field}>
      <ClientPicker name="client" label="Client" kind="search" />
      <Button
        type="button"
        label="New client"
        icon="pi pi-user-plus"
        size="small"
        text
        className="diary-client__new"
        aria-haspopup="dialog"
        onClick={() => setCreating(true)}
      />
      {creating && (
        <NewClientDialog
          typed={form.getValues('client')}
          onCreated={created}
          onCancel={() => {
            setCreating(false);
            // Back on the button that opened it.
            setTimeout(() => field.current?.querySelector<HTMLElement>('.diary-client__new')?.focus(), 0);
          }}
        />
      )}
    </div>
  );
}
