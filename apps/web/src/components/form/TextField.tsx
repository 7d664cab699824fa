import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

interface TextFieldProps extends FieldProps {
  autoComplete?: HTMLInputAutoCompleteAttribute;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  autoFocus?: boolean;
}

/** One line of text. */
export function TextField({
  autoComplete = 'off',
  type = 'text',
  inputMode,
  maxLength,
  autoFocus,
  ...field
}: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ invalid, ...a11y }) => (
        <InputText
          {...a11y}
          {...register(field.name)}
          invalid={invalid}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={maxLength}
          autoFocus={autoFocus}
          className="client-form__control"
        />
      )}
    </FieldShell>
  );
}

interface TextAreaFieldProps extends FieldProps {
  maxLength?: number;
  rows?: number;
  /** Ids of elements that describe the input besides its hint and error (e.g. a live counter). */
  describedBy?: string;
}

/** Several lines of text; the box grows with it. */
export function TextAreaField({ maxLength, rows = 3, describedBy, ...field }: TextAreaFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ invalid, ...a11y }) => (
        <InputTextarea
          {...a11y}
          aria-describedby={[a11y['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
          {...register(field.name)}
          invalid={invalid}
          rows={rows}
          autoResize
          maxLength={maxLength}
          className="client-form__control"
        />
      )}
    </FieldShell>
  );
}
