import type { Invoice } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useCancelInvoice } from '../../api/invoices.ts';
import { useToast } from '../../app/toast/toastContext.ts';

export const INVOICE_CANCELLED = 'Cancelled invoice.';
export const CANCEL_FAILED = 'Failed to cancel invoice. Please try again.';

/**
 * Cancel (an issued invoice: kept, marked cancelled, its number never reused) or delete (a draft), after a
 * Yes/No confirmation that defaults to No (spec section 4).
 */
export function CancelInvoiceDialog({ invoice, onHide }: { invoice: Invoice; onHide: () => void }) {
  const cancel = useCancelInvoice();
  const toast = useToast();
  const [reason, setReason] = useState<string | null>(null);
  const draft = invoice.status === 'draft';
  const confirm = async () => {
    try {
      await cancel.mutateAsync(invoice.id);
    } catch (error) {
      console.error('Cancelling the invoice failed', error);
      toast.error(CANCEL_FAILED);
      setReason(error instanceof ApiError && error.status !== 500 ? error.message : null);
      return;
    }
    toast.success(INVOICE_CANCELLED);
    onHide();
  };
  const footer = (
    <div className="client-form__actions">
      <Button type="button" label="No" icon="pi pi-times" outlined autoFocus onClick={onHide} />
      <Button
        type="button"
        label="Yes"
        icon="pi pi-check"
        severity="danger"
        loading={cancel.isPending}
        onClick={() => void confirm()}
      />
    </div>
  );
  return (
    <Dialog
      visible
      onHide={onHide}
      header={draft ? 'Delete draft invoice' : `Cancel invoice ${invoice.reference}`}
      footer={footer}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <p>
        {draft
          ? 'The draft is deleted.'
          : 'The invoice is kept and marked cancelled; its number is not used again.'}{' '}
        Continue?
      </p>
      {reason && (
        <p className="field-error" role="alert">
          {reason}
        </p>
      )}
    </Dialog>
  );
}
