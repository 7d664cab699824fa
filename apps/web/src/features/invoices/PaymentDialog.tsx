import {
  FIELD_MESSAGES,
  formatMoney,
  type Invoice,
  PAYMENT_METHOD_CODES,
  type PaymentInput,
  type PaymentMethod,
  paymentInputSchema,
  todayIn,
} from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useRecordPayment } from '../../api/invoices.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { MoneyField } from '../../components/form/NumberFields.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { pickedDay, pickedOfIso } from '../../lib/pickedDates.ts';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  eft: 'EFT',
  medical_aid: 'Medical aid',
  other: 'Other',
  write_off: 'Write-off',
};
const METHODS = PAYMENT_METHOD_CODES.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
export const PAYMENT_RECORDED = 'Recorded payment.';
export const PAYMENT_FAILED = 'Failed to record payment. Please try again.';

interface PaymentValues {
  /** Cents; null while the amount is empty. */
  amount: number | null;
  date: Date | string | null;
  method: PaymentMethod;
  reference: string;
}

/** The payment as the API checks it (the contracts' paymentInputSchema); the date is required first. */
const paymentFormSchema = formSchema<PaymentValues, PaymentInput>((values, problem) => {
  const date = pickedDay(values.date);
  if (date === undefined) problem('date', FIELD_MESSAGES.required);
  const input = { ...values, date, reference: values.reference.trim() || undefined };
  return checkWith(paymentInputSchema, input, problem);
});

/** Record payment: amount (what is outstanding by default), date (today), method and reference. */
export function PaymentDialog({ invoice, onHide }: { invoice: Invoice; onHide: () => void }) {
  const { company } = useSession();
  const pay = useRecordPayment();
  const [defaultValues] = useState<PaymentValues>(() => ({
    amount: invoice.outstandingCents,
    date: pickedOfIso(todayIn(company.timeZone)),
    method: 'eft',
    reference: '',
  }));
  const { form, submit, problems } = useContractForm<PaymentValues, PaymentInput>({
    schema: paymentFormSchema,
    defaultValues,
    save: (body) => pay.mutateAsync({ id: invoice.id, body }),
    success: PAYMENT_RECORDED,
    failure: PAYMENT_FAILED,
    onDone: onHide,
  });

  return (
    <Dialog
      visible
      onHide={onHide}
      header={`Record payment: ${invoice.reference ?? 'draft'}`}
      style={{ width: 'min(32rem, 95vw)' }}
      modal
    >
      <FormShell
        form={form}
        onSubmit={submit}
        idPrefix="payment-"
        className="client-form payment-form"
        label="Record payment"
      >
        <p className="muted" data-testid="payment-outstanding">
          Outstanding: {formatMoney(invoice.outstandingCents, invoice.currency)} of{' '}
          {formatMoney(invoice.totalCents, invoice.currency)}
        </p>
        <MoneyField name="amount" label="Amount" required currency={invoice.currency} />
        <DateField name="date" label="Date" required showButtonBar={false} />
        <SelectField name="method" label="Method" options={METHODS} placeholder="Choose a method" />
        <TextField name="reference" label="Reference" maxLength={100} />
        <FormActions submitLabel="Record payment" onCancel={onHide} problems={problems} />
      </FormShell>
    </Dialog>
  );
}
