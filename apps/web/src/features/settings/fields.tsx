import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, type FieldValues, useFormContext } from 'react-hook-form';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { centsToUnits, moneyLocale, unitsToCents } from '../../lib/money.ts';

/** Ids are settings-<field>: one dialog is open at a time. */
export const fieldId = (name: string) => `settings-${name}`;

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

interface A11y {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

function errorOf(errors: FieldErrors<FieldValues>, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Label, input, hint and the field's error, wired together for screen readers. */
function Shell({
  name,
  label,
  required,
  hint,
  labelAs = 'label',
  children,
}: FieldProps & { labelAs?: 'label' | 'span'; children: (a11y: A11y) => ReactNode }) {
  const {
    formState: { errors },
  } = useFormContext();
  const id = fieldId(name);
  const error = errorOf(errors, name);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const text = (
    <>
      {label}
      {required && (
        <span className="settings-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  return (
    <div className="field settings-form__field">
      {labelAs === 'label' ? (
        <label htmlFor={id}>{text}</label>
      ) : (
        <span id={`${id}-label`} className="settings-form__label">
          {text}
        </span>
      )}
      {children({ id, invalid: Boolean(error), describedBy })}
      {hint && (
        <small id={`${id}-hint`} className="settings-form__hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" data-testid={`${name}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

export function TextField(props: FieldProps & { maxLength?: number }) {
  const { register } = useFormContext();
  return (
    <Shell {...props}>
      {({ id, invalid, describedBy }) => (
        <InputText
          id={id}
          {...register(props.name)}
          invalid={invalid}
          aria-invalid={invalid}
          aria-required={props.required || undefined}
          aria-describedby={describedBy}
          maxLength={props.maxLength}
          autoComplete="off"
        />
      )}
    </Shell>
  );
}

export function TextAreaField(props: FieldProps & { maxLength?: number }) {
  const { register } = useFormContext();
  return (
    <Shell {...props}>
      {({ id, invalid, describedBy }) => (
        <InputTextarea
          id={id}
          {...register(props.name)}
          rows={3}
          autoResize
          invalid={invalid}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          maxLength={props.maxLength}
        />
      )}
    </Shell>
  );
}

/** Money typed in the company currency; the form holds integer cents (null while empty). */
export function MoneyField(props: FieldProps & { currency: string }) {
  const { control } = useFormContext();
  return (
    <Shell {...props}>
      {({ id, invalid, describedBy }) => (
        <Controller
          name={props.name}
          control={control}
          render={({ field }) => (
            <InputNumber
              inputId={id}
              inputRef={field.ref}
              value={centsToUnits(field.value)}
              onValueChange={(e) => field.onChange(unitsToCents(e.value))}
              onBlur={field.onBlur}
              mode="currency"
              currency={props.currency}
              locale={moneyLocale(props.currency)}
              min={0}
              max={10_000_000}
              invalid={invalid}
              aria-invalid={invalid}
              aria-required={props.required || undefined}
              aria-describedby={describedBy}
            />
          )}
        />
      )}
    </Shell>
  );
}

/** A Y/N value as a checkbox. */
export function YesNoField({ name, label, hint }: FieldProps) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <div className="settings-form__check">
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <Checkbox
            inputId={id}
            inputRef={field.ref}
            checked={field.value === 'Y'}
            onChange={(e) => field.onChange(e.checked ? 'Y' : 'N')}
            onBlur={field.onBlur}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
        )}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}-hint`} className="settings-form__hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export interface Option {
  label: string;
  value: number | string;
}

/** A choice from a list; optional ones can be cleared back to null. */
export function SelectField(
  props: FieldProps & { options: Option[]; placeholder?: string; loading?: boolean; clearable?: boolean },
) {
  const { control } = useFormContext();
  return (
    <Shell {...props}>
      {({ id, invalid, describedBy }) => (
        <Controller
          name={props.name}
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId={id}
              value={field.value ?? null}
              onChange={(e) => field.onChange(e.value ?? null)}
              onBlur={field.onBlur}
              options={props.options}
              optionLabel="label"
              optionValue="value"
              placeholder={props.loading ? 'Loading…' : props.placeholder}
              showClear={props.clearable && field.value !== null && field.value !== undefined}
              invalid={invalid}
              aria-describedby={describedBy}
              // PrimeReact keeps an unnamed native <select> for forms; the labelled combobox is what people use.
              pt={{ select: { 'aria-hidden': true, 'aria-label': props.label } }}
            />
          )}
        />
      )}
    </Shell>
  );
}

export function RichTextField(props: FieldProps) {
  const { control } = useFormContext();
  return (
    <Shell {...props} labelAs="span">
      {({ id, invalid, describedBy }) => (
        <Controller
          name={props.name}
          control={control}
          render={({ field }) => (
            <RichTextEditor
              id={id}
              labelId={`${id}-label`}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={invalid}
              describedBy={describedBy}
            />
          )}
        />
      )}
    </Shell>
  );
}
