import { InputText } from 'primereact/inputtext';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

interface TextFieldProps extends FieldProps {
  autoComplete?: HTMLInputAutoCompleteAttribute;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
}

export function TextField({ autoComplete = 'off', type = 'text', inputMode, ...field }: TextFieldProps) {
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
        />
      )}
    </FieldShell>
  );
}
