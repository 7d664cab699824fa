import { type Invoice, OTHER_MESSAGES, PAYMENT_METHOD_CODES, type PaymentMethod } from '@pd/contracts';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useRecordPayment } from '../../api/invoices.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { centsToUnits, formatMoney, unitsToCents } from '../../lib/money.ts';
import { isoOfPicked, pickedOfIso, todayIn } from './dates.ts';
import { DayField, describedBy, Field, FormButtons, MoneyInput } from './FormParts.tsx';
import { useFieldErrors } from './fieldErrors.ts';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  eft: 'EFT',
  medical_aid: 'Medical aid',
  other: 'Other',
  write_off: 'Write-off',
};
const METHODS = PAYMENT_METHOD_CODES.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const FIELDS = ['amount', 'date', 'method', 'reference'] as const;
export const PAYMENT_RECORDED = 'Recorded payment.';
export const PAYMENT_FAILED = 'Failed to record payment. Please try again.';

/** Record payment: amount (what is outstanding by default), date (today), method and reference. */
export function PaymentDialog({ invoice, onHide }: { invoice: Invoice; onHide: () => void }) {
  const { company } = useSession();
  const pay = useRecordPayment();
  const toast = useToast();
  const [amount, setAmount] = useState<number | null>(centsToUnits(invoice.outstandingCents));
  const [date, setDate] = useState<Date | null>(() => pickedOfIso(todayIn(company.timeZone)));
  const [method, setMethod] = useState<PaymentMethod>('eft');
  const [reference, setReference] = useState('');
  const { errors, other, setErrors, clear, fromError, reset } = useFieldErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = unitsToCents(amount);
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (cents === null) missing.amount = OTHER_MESSAGES.fieldRequired;
    if (!date) missing.date = OTHER_MESSAGES.fieldRequired;
    if (cents === null || !date) {
      setErrors(missing);
      return;
    }
    reset();
    try {
      const body = {
        amount: cents,
        date: isoOfPicked(date),
        method,
        reference: reference.trim() || undefined,
      };
      await pay.mutateAsync({ id: invoice.id, body });
    } catch (error) {
      console.error('Recording the payment failed', error);
      toast.error(PAYMENT_FAILED);
      fromError(error);
      return;
    }
    toast.success(PAYMENT_RECORDED);
    onHide();
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={`Record payment: ${invoice.reference ?? 'draft'}`}
      style={{ width: 'min(32rem, 95vw)' }}
      modal
    >
      <form className="client-form payment-form" onSubmit={submit} noValidate aria-label="Record payment">
        <p className="muted" data-testid="payment-outstanding">
          Outstanding: {formatMoney(invoice.outstandingCents, invoice.currency)} of{' '}
          {formatMoney(invoice.totalCents, invoice.currency)}
        </p>
        <Field id="payment-amount" label="Amount" required testId="amount-error" error={errors.amount}>
          <MoneyInput
            id="payment-amount"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              clear('amount');
            }}
            currency={invoice.currency}
            error={errors.amount}
            required
          />
        </Field>
        <DayField
          id="payment-date"
          label="Date"
          testId="date-error"
          error={errors.date}
          value={date}
          onChange={(value) => {
            setDate(value);
            clear('date');
          }}
        />
        <Field id="payment-method" label="Method" testId="method-error" error={errors.method}>
          <Dropdown
            inputId="payment-method"
            placeholder="Choose a method"
            value={method}
            options={METHODS}
            onChange={(e) => {
              setMethod(e.value as PaymentMethod);
              clear('method');
            }}
            invalid={Boolean(errors.method)}
            {...describedBy('payment-method', errors.method)}
            pt={{ select: { 'aria-hidden': true } }}
          />
        </Field>
        <Field id="payment-reference" label="Reference" testId="reference-error" error={errors.reference}>
          <InputText
            id="payment-reference"
            value={reference}
            maxLength={100}
            onChange={(e) => {
              setReference(e.target.value);
              clear('reference');
            }}
            invalid={Boolean(errors.reference)}
            {...describedBy('payment-reference', errors.reference)}
          />
        </Field>
        <FormButtons
          submitLabel="Record payment"
          icon="pi pi-check"
          busy={pay.isPending}
          problems={other}
          onCancel={onHide}
        />
      </form>
    </Dialog>
  );
}
