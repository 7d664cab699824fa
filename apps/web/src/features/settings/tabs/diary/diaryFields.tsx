import './diary.css';
import { MultiSelect } from 'primereact/multiselect';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from '../../../../components/form/FieldShell.tsx';
import type { Option } from '../../../../components/form/options.ts';

/** A diary colour (#rrggbb) picked with the browser's own colour input, its code written beside it. */
export function ColourField(field: FieldProps) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <span className="diary-colour">
              <input
                {...aria}
                id={id}
                ref={f.ref}
                type="color"
                className={`diary-colour__input${invalid ? ' p-invalid' : ''}`}
                value={typeof f.value === 'string' ? f.value : '#1e88e5'}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
              />
              <code aria-hidden="true">{f.value}</code>
            </span>
          )}
        />
      )}
    </FieldShell>
  );
}

/** Several choices from a list (the practitioners who offer a type); the form holds the chosen values. */
export function MultiSelectField({
  options,
  placeholder,
  loading,
  ...field
}: FieldProps & { options: Option<number>[]; placeholder: string; loading?: boolean }) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <MultiSelect
              {...aria}
              inputId={id}
              value={f.value ?? []}
              options={options}
              optionLabel="label"
              optionValue="value"
              display="chip"
              invalid={invalid}
              placeholder={loading ? 'Loading…' : placeholder}
              onChange={(e) => f.onChange(e.value ?? [])}
              onBlur={f.onBlur}
              className="client-form__control"
            />
          )}
        />
      )}
    </FieldShell>
  );
}

/** A colour as a small swatch with its code: never colour alone. */
export function ColourSwatch({ colour }: { colour: string }) {
  return (
    <span className="diary-colour">
      <span className="diary-colour__swatch" style={{ background: colour }} aria-hidden="true" />
      <code>{colour}</code>
    </span>
  );
}
