import { InputNumber } from 'primereact/inputnumber';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from '../forms/fields/FieldShell.tsx';
import { centsToUnits, moneyLocale, unitsToCents } from './format.ts';

/** Money typed in the company currency; the form holds integer cents (null while empty). */
export function MoneyField({ currency, ...field }: FieldProps & { currency: string }) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <InputNumber
              {...aria}
              inputId={id}
              inputRef={f.ref}
              value={centsToUnits(f.value)}
              onValueChange={(e) => f.onChange(unitsToCents(e.value))}
              onBlur={f.onBlur}
              mode="currency"
              currency={currency}
              locale={moneyLocale(currency)}
              min={0}
              max={10_000_000}
              invalid={invalid}
              className="client-form__control"
            />
          )}
        />
      )}
    </FieldShell>
  );
}
