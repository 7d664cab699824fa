import { InputNumber } from 'primereact/inputnumber';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from '../../../components/form/FieldShell.tsx';

/** A VAT rate typed as a percentage (15 or 12.5); the form holds basis points (1500), null while empty. */
export function VatRateField(field: FieldProps) {
  const { control } = useFormContext();
  const held = (percent: number | null | undefined) =>
    percent === null || percent === undefined ? null : Math.round(percent * 100);
  return (
    <FieldShell {...field}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <InputNumber
              inputId={id}
              inputRef={f.ref}
              value={typeof f.value === 'number' ? f.value / 100 : null}
              onChange={(e) => f.onChange(held(e.value))}
              onValueChange={(e) => f.onChange(held(e.value))}
              onBlur={f.onBlur}
              mode="decimal"
              locale="en-GB"
              minFractionDigits={0}
              maxFractionDigits={2}
              min={0}
              max={100}
              suffix="%"
              invalid={invalid}
              // The InputNumber forwards no aria-* props to its input; pass-through reaches it.
              pt={{ input: { root: aria } }}
              className="client-form__control"
            />
          )}
        />
      )}
    </FieldShell>
  );
}
