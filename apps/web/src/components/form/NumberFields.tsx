import { centsToUnits, moneyLocale, unitsToCents } from '@pd/contracts';
import { InputNumber } from 'primereact/inputnumber';
import { Controller, useFormContext } from 'react-hook-form';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

interface NumberFieldProps extends FieldProps {
  /** Bounds the input itself keeps to (in units for money); the schema words any other limit. */
  min?: number;
  max?: number;
  suffix?: string;
  /** Thousands separators (en-GB); off for days and days of the month. */
  grouping?: boolean;
}

/** A whole number (days, a daily limit); the form holds the number, null while empty. */
export const NumberField = (props: NumberFieldProps) => <NumberInputField {...props} />;

/**
 * Money typed in the company currency as its people write it (R 1 234,56 or £1,234.56); the form holds
 * integer cents, null while empty.
 */
export const MoneyField = (props: NumberFieldProps & { currency: string }) => <NumberInputField {...props} />;

/** A rate typed as a percentage (15 or 12.5); the form holds basis points (1500), null while empty. */
export const PercentField = (props: FieldProps) => (
  <NumberInputField {...props} basisPoints min={0} max={100} suffix="%" grouping={false} />
);

function NumberInputField({
  currency,
  basisPoints = false,
  min,
  max,
  suffix,
  grouping = true,
  ...field
}: NumberFieldProps & { currency?: string; basisPoints?: boolean }) {
  const { control } = useFormContext();
  const held = (shown: number | null | undefined) => {
    if (currency) return unitsToCents(shown);
    if (basisPoints) return shown === null || shown === undefined ? null : Math.round(shown * 100);
    return shown ?? null;
  };
  const shown = (value: unknown) => {
    if (currency) return centsToUnits(value as number | null);
    if (typeof value !== 'number') return null;
    return basisPoints ? value / 100 : value;
  };
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
              value={shown(f.value)}
              // onChange follows each keystroke (an error clears at once); onValueChange settles it on leaving.
              onChange={(e) => f.onChange(held(e.value))}
              onValueChange={(e) => f.onChange(held(e.value))}
              onBlur={f.onBlur}
              mode={currency ? 'currency' : 'decimal'}
              currency={currency}
              locale={currency ? moneyLocale(currency) : 'en-GB'}
              min={min}
              max={max}
              suffix={suffix}
              useGrouping={grouping}
              maxFractionDigits={basisPoints ? 2 : undefined}
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
