import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from './FieldShell.tsx';
import type { Option } from './options.ts';

type Value = string | number;

interface SelectFieldProps<O extends Option<Value>> extends FieldProps {
  options: O[];
  /** Offers a clear button and a placeholder, for optional choices. */
  clearable?: boolean;
  placeholder?: string;
  /** The options are still loading: the placeholder says so. */
  loading?: boolean;
  /** Called after the user picks a value, with the previous one. */
  onPicked?: (value: Value | null, previous: Value | null) => void;
  /** A search box over the options' labels (or the option fields named here, comma-separated). */
  filter?: boolean;
  filterBy?: string;
  /** How an option (and the chosen one) looks; its label by default. */
  template?: (option: O | undefined) => ReactNode;
  className?: string;
  /** A warning under the choice (not an error: the form can still be sent). */
  warning?: string;
}

/** A choice from a list; optional ones can be cleared back to null. */
export function SelectField<O extends Option<Value>>({
  options,
  clearable,
  placeholder,
  loading,
  onPicked,
  filter,
  filterBy,
  template,
  className,
  warning,
  ...field
}: SelectFieldProps<O>) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field} warning={warning}>
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
              showClear={clearable && f.value !== null && f.value !== undefined}
              placeholder={loading ? 'Loading…' : (placeholder ?? (clearable ? 'Not set' : 'Choose'))}
              filter={filter}
              filterBy={filterBy}
              itemTemplate={template}
              valueTemplate={template && ((option: O | undefined) => template(option))}
              onChange={(e) => {
                const previous = f.value ?? null;
                f.onChange(e.value ?? null);
                onPicked?.(e.value ?? null, previous);
              }}
              onBlur={f.onBlur}
              className={['client-form__control', className].filter(Boolean).join(' ')}
              // The hidden native <select> only serves form posts; the labelled combobox is what people use.
              pt={{ select: { 'aria-hidden': true } }}
            />
          )}
        />
      )}
    </FieldShell>
  );
}
