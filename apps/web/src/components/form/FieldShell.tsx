import '../../styles/client-forms.css';
import { createContext, type ReactNode, useContext } from 'react';
import { type FieldErrors, type FieldValues, useFormContext } from 'react-hook-form';

/**
 * A form's input ids are `${prefix}${name}` (cf-email, settings-name, payment-amount): one form of a prefix
 * is open at a time. FormShell sets the prefix; a field may still name its own id.
 */
const IdPrefix = createContext('cf-');
export const FieldIdPrefix = IdPrefix.Provider;

/** What every input needs to be labelled, described and marked invalid. */
export interface FieldA11y {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The form value the field edits; errors show under data-testid `${name}-error`. */
  name: string;
  label: ReactNode;
  required?: boolean;
  /** Spans both columns of the grid. */
  wide?: boolean;
  hint?: ReactNode;
  /** The input's id when it is not the form's prefix plus the name. */
  id?: string;
}

export function useFieldId(name: string, id?: string): string {
  const prefix = useContext(IdPrefix);
  return id ?? `${prefix}${name}`;
}

export function errorMessage(errors: FieldErrors<FieldValues>, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

interface FieldShellProps extends FieldProps {
  warning?: string;
  /** A span names editors and canvases, which a <label> cannot point at; they take its id. */
  labelAs?: 'label' | 'span';
  className?: string;
  /** The input, given what ties it to the label, hint and error (and the label's id, for a span). */
  children: (a11y: FieldA11y, labelId: string) => ReactNode;
}

/** Label (with the required mark), the input, a hint, a warning and the field's error message. */
export function FieldShell({
  name,
  label,
  required,
  wide,
  hint,
  id: givenId,
  warning,
  labelAs = 'label',
  className,
  children,
}: FieldShellProps) {
  const {
    formState: { errors },
  } = useFormContext();
  const id = useFieldId(name, givenId);
  const error = errorMessage(errors, name);
  const describedBy = [hint && `${id}-hint`, warning && `${id}-warning`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const text = (
    <>
      {label}
      {required && (
        <span className="client-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const classes = ['field client-form__field', wide && 'client-form__field--wide', className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {labelAs === 'label' ? (
        <label htmlFor={id}>{text}</label>
      ) : (
        <span id={`${id}-label`} className="field__label">
          {text}
        </span>
      )}
      {children(
        {
          id,
          invalid: Boolean(error),
          'aria-invalid': Boolean(error),
          'aria-required': required || undefined,
          'aria-describedby': describedBy || undefined,
        },
        `${id}-label`,
      )}
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
