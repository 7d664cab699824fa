import type { Invoice } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { z } from 'zod';
import { useCancelInvoice } from '../../api/invoices.ts';
import { FormShell } from '../../components/form/FormShell.tsx';
import { useContractForm } from '../../lib/forms/useContractForm.ts';

export const INVOICE_CANCELLED = 'Cancelled invoice.';
export const CANCEL_FAILED = 'Failed to cancel invoice. Please try again.';
const FORM_ID = 'cancel-invoice-form';

/**
 * Cancel (an issued invoice: kept, marked cancelled, its number never reused) or delete (a draft), after a
 * Yes/No confirmation that defaults to No (spec section 4). The request carries nothing but the invoice.
 */
export function CancelInvoiceDialog({ invoice, onHide }: { invoice: Invoice; onHide: () => void }) {
  const cancel = useCancelInvoice();
  const { form, submit, problems } = useContractForm<Record<string, never>, Record<string, never>>({
    schema: z.object({}),
    defaultValues: {},
    save: () => cancel.mutateAsync(invoice.id),
    success: INVOICE_CANCELLED,
    failure: CANCEL_FAILED,
    onDone: onHide,
  });
  const draft = invoice.status === 'draft';
  const footer = (
    <div className="client-form__actions">
      <Button type="button" label="No" icon="pi pi-times" outlined autoFocus onClick={onHide} />
      <Button
        type="submit"
        form={FORM_ID}
        label="Yes"
        icon="pi pi-check"
        severity="danger"
        loading={form.formState.isSubmitting}
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
      <FormShell form={form} onSubmit={submit} id={FORM_ID} className="cancel-invoice" label="Cancel invoice">
        <p>
          {draft
            ? 'The draft is deleted.'
            : 'The invoice is kept and marked cancelled; its number is not used again.'}{' '}
          Continue?
        </p>
        {problems.map((problem) => (
          <p key={problem} className="field-error" role="alert">
            {problem}
          </p>
        ))}
      </FormShell>
    </Dialog>
  );
}
