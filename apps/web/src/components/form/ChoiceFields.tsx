import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { errorMessage, useFieldId } from './FieldShell.tsx';
import type { Option } from './options.ts';

/** A Y/N value as a checkbox with its label. */
export function YesNoField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control } = useFormContext();
  const id = useFieldId(name);
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
        <small id={`${id}-hint`} className="client-form__hint">
          {hint}
        </small>
      )}
    </div>
  );
}

interface RadioFieldProps<V extends string> {
  name: string;
  legend: ReactNode;
  options: Option<V>[];
  /** Ids are `${id}-${value}`; by default the form's prefix and the name. */
  id?: string;
  /** The fieldset's look (e.g. a delete confirmation) and each choice's. */
  className?: string;
  optionClassName?: string;
  testId?: string;
  /** Called after the user picks a value. */
  onPicked?: (value: V) => void;
}

/** One of a few choices as radio buttons in a fieldset, its error under them. */
export function RadioField<V extends string>({
  name,
  legend,
  options,
  id: givenId,
  className = 'field client-form__field client-form__choices',
  optionClassName = 'client-form__choice',
  testId,
  onPicked,
}: RadioFieldProps<V>) {
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const id = useFieldId(name, givenId);
  const error = errorMessage(errors, name);
  return (
    <fieldset className={className} data-testid={testId}>
      <legend>{legend}</legend>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <>
            {options.map((option) => (
              <div key={option.value} className={optionClassName}>
                <RadioButton
                  inputId={`${id}-${option.value}`}
                  name={id}
                  value={option.value}
                  checked={field.value === option.value}
                  onChange={() => {
                    field.onChange(option.value);
                    onPicked?.(option.value);
                  }}
                />
                <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
              </div>
            ))}
          </>
        )}
      />
      {error && (
        <small className="field-error" data-testid={`${name}-error`}>
          {error}
        </small>
      )}
    </fieldset>
  );
}
