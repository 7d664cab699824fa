import type { Client } from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { CreateClientForm } from '../clients/forms/CreateClientPanel.tsx';
import { type BookingFormValues, namesOfSearch } from './bookingFormValues.ts';

const TITLE_ID = 'new-client-title';

interface NewClientDialogProps {
  /** What the client picker holds: text typed there fills in the names. */
  typed: BookingFormValues['client'];
  onCreated: (client: Client) => void;
  onCancel: () => void;
}

/** The Clients page's New client form over the booking panel, so a first-time client is booked in place. */
export function NewClientDialog({ typed, onCreated, onCancel }: NewClientDialogProps) {
  const { user } = useSession();
  const [initial] = useState(() => namesOfSearch(typed));
  return (
    <Dialog
      visible
      header={<span id={TITLE_ID}>New client</span>}
      onHide={onCancel}
      className="diary-dialog"
      style={{ width: 'min(60rem, 96vw)' }}
      data-testid="new-client-dialog"
      blockScroll
    >
      {/* React carries events up the component tree, across the dialog's portal: the booking form this
          dialog is opened from must not see the client form's submit. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <CreateClientForm
          companyId={user.companyId}
          initial={initial}
          labelledBy={TITLE_ID}
          onDone={onCreated}
          onCancel={onCancel}
        />
      </div>
    </Dialog>
  );
}
