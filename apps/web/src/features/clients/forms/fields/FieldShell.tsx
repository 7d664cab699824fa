import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, useFormContext } from 'react-hook-form';

/** What every input needs to be labelled, described and marked invalid. */
export interface FieldA11y {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** Spans both columns of the grid. */
  wide?: boolean;
  hint?: ReactNode;
}

export const fieldId = (name: string) => `cf-${name}`;

export function errorMessage(errors: FieldErrors<FieldValues>, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Label (with the required mark), the input, a hint and the field's error message. */
export function FieldShell({
  name,
  label,
  required,
  wide,
  hint,
  warning,
  children,
}: FieldProps & { warning?: string; children: (a11y: FieldA11y) => ReactNode }) {
  const {
    formState: { errors },
  } = useFormContext();
  const id = fieldId(name);
  const error = errorMessage(errors, name);
  const describedBy = [hint && `${id}-hint`, warning && `${id}-warning`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field client-form__field${wide ? ' client-form__field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="client-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        invalid: Boolean(error),
        'aria-invalid': Boolean(error),
        'aria-required': required || undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <small id={`${id}-hint`} className="client-form__hint">
          {hint}
        </small>
      )}
      {warning && (
        <small id={`${id}-warning`} className="client-form__warning" data-testid={`${name}-warning`}>
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {warning}
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
