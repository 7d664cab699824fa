import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputNumber } from 'primereact/inputnumber';
import type { ReactNode } from 'react';
import { moneyLocale } from '../../lib/money.ts';

/** What an input needs to be tied to its error: aria-invalid, and aria-describedby while there is one. */
export const describedBy = (id: string, error: string | undefined) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** data-testid of the error line. */
  testId: string;
  children: ReactNode;
}

/** Label (with the required mark), the input, and its error underneath (id `${id}-error`). */
export function Field({ id, label, required, error, testId, children }: FieldProps) {
  return (
    <div className="field client-form__field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {error && (
        <small id={`${id}-error`} className="field-error" data-testid={testId}>
          {error}
        </small>
      )}
    </div>
  );
}

interface DayFieldProps extends Omit<FieldProps, 'children'> {
  value: Date | null;
  onChange: (value: Date | null) => void;
}

/** A required day, typed or picked as yy-mm-dd (spec section 9; PrimeReact's yy is the 4-digit year). */
export function DayField({ value, onChange, ...field }: DayFieldProps) {
  return (
    <Field {...field} required>
      <Calendar
        inputId={field.id}
        value={value}
        onChange={(e) => onChange(e.value instanceof Date ? e.value : null)}
        dateFormat="yy-mm-dd"
        placeholder="yyyy-mm-dd"
        showIcon
        showOnFocus={false}
        invalid={Boolean(field.error)}
        pt={{ input: { root: { ...describedBy(field.id, field.error), 'aria-required': true } } }}
        className="client-form__control"
      />
    </Field>
  );
}

interface FormButtonsProps {
  submitLabel: string;
  icon: string;
  busy: boolean;
  /** Reasons the server gave that belong to no field. */
  problems: string[];
  onCancel: () => void;
}

/** The refusal reasons, then submit and Cancel. */
export function FormButtons({ submitLabel, icon, busy, problems, onCancel }: FormButtonsProps) {
  return (
    <>
      {problems.map((text) => (
        <p key={text} className="field-error" role="alert">
          {text}
        </p>
      ))}
      <div className="client-form__actions">
        <Button type="submit" label={submitLabel} icon={icon} loading={busy} disabled={busy} />
        <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
      </div>
    </>
  );
}

interface MoneyInputProps {
  id: string;
  value: number | null;
  /** Units (e.g. rand), as typed; null when empty. */
  onChange: (value: number | null) => void;
  currency: string;
  error?: string;
  required?: boolean;
}

/** An amount in the company currency, written as its people write it (R 1 234,56 or £1,234.56). */
export function MoneyInput({ id, value, onChange, currency, error, required }: MoneyInputProps) {
  return (
    <InputNumber
      inputId={id}
      value={value}
      // onChange follows each keystroke (so an error clears at once); onValueChange settles it on leaving.
      onChange={(e) => onChange(e.value ?? null)}
      onValueChange={(e) => onChange(e.value ?? null)}
      mode="currency"
      currency={currency}
      locale={moneyLocale(currency)}
      invalid={Boolean(error)}
      pt={{ input: { root: { ...describedBy(id, error), 'aria-required': required || undefined } } }}
      className="client-form__control"
    />
  );
}
