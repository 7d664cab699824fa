import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** Who the message goes to, or plainly why it cannot go (with the way to fix it). */
export function Recipient({
  label,
  name,
  address,
  missing,
  onUpdateClient,
  children,
}: {
  label: string;
  name: string;
  address: string | null;
  missing: string;
  onUpdateClient: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="record-details message-recipient" data-testid="recipient">
      <span className="record-form__label">{label}: </span>
      {address ? (
        <span>
          {name} &lt;<span data-testid="recipient-address">{address}</span>&gt;
        </span>
      ) : (
        <>
          <span className="message-recipient__missing" role="status" data-testid="recipient-missing">
            <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {missing}
          </span>
          <Button
            type="button"
            label="Update client"
            icon="pi pi-pencil"
            size="small"
            text
            onClick={onUpdateClient}
          />
        </>
      )}
      {children}
    </div>
  );
}
