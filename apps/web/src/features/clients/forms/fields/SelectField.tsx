import { Dropdown } from 'primereact/dropdown';
import { Controller, useFormContext } from 'react-hook-form';
import type { Option } from '../options.ts';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

interface SelectFieldProps extends FieldProps {
  options: Option[];
  /** Offers a clear button and a placeholder, for optional choices. */
  clearable?: boolean;
  placeholder?: string;
  /** Called after the user picks a value, with the previous one. */
  onPicked?: (value: string | null, previous: string | null) => void;
}

export function SelectField({ options, clearable, placeholder, onPicked, ...field }: SelectFieldProps) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <Dropdown
              {...aria}
              inputId={id}
              focusInputRef={f.ref}
              value={f.value ?? null}
              options={options}
              optionLabel="label"
              optionValue="value"
              invalid={invalid}
              showClear={clearable}
              placeholder={placeholder ?? (clearable ? 'Not set' : 'Choose')}
              onChange={(e) => {
                const previous = f.value ?? null;
                f.onChange(e.value ?? null);
                onPicked?.(e.value ?? null, previous);
              }}
              onBlur={f.onBlur}
              className="client-form__control"
              // The hidden native <select> only serves form posts; the labelled combobox is what people use.
              pt={{ select: { 'aria-hidden': true } }}
            />
          )}
        />
      )}
    </FieldShell>
  );
}
