import type { BillingSettings, BillingSettingsUpdate } from '@pd/contracts';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import { useUpdateBillingSettings } from '../../../api/billingRuns.ts';
import { FieldShell } from '../../clients/forms/fields/FieldShell.tsx';
import { useSettingsForm } from '../useSettingsForm.ts';
import { type BillingSettingsFormValues, billingSettingsFormSchema } from './billingSchemas.ts';
import { LadderField } from './LadderField.tsx';

/** A number of days (or a day of the month); bounds are the schema's, so a wrong number gets its message. */
function DaysField({
  name,
  label,
  hint,
  suffix,
}: {
  name: string;
  label: string;
  hint: string;
  suffix?: string;
}) {
  const { control } = useFormContext();
  return (
    <FieldShell name={name} label={label} hint={hint} required>
      {({ id, ...a11y }) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <InputNumber
              inputId={id}
              inputRef={field.ref}
              value={field.value}
              onValueChange={(e) => field.onChange(e.value ?? null)}
              onBlur={field.onBlur}
              useGrouping={false}
              suffix={suffix}
              {...a11y}
            />
          )}
        />
      )}
    </FieldShell>
  );
}

const valuesOf = (s: BillingSettings): BillingSettingsFormValues => ({
  paymentTermsDays: s.paymentTermsDays,
  unpaidLadder: s.unpaidLadder,
  unpaidIntervalDays: s.unpaidIntervalDays,
  billingDay: s.billingDay,
});

/** The billing settings (rights A): field errors on their fields, a toast either way. */
export function BillingSettingsForm({
  companyId,
  settings,
}: {
  companyId: number;
  settings: BillingSettings;
}) {
  const update = useUpdateBillingSettings(companyId);
  const { form, submit, problems } = useSettingsForm<BillingSettingsFormValues, BillingSettingsUpdate>({
    schema: billingSettingsFormSchema,
    defaultValues: valuesOf(settings),
    save: (input) => update.mutateAsync(input),
    saved: () => 'Saved billing settings.',
    onDone: () => {},
  });
  const saving = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className="credit-form settings-form billing-settings-form"
        noValidate
        aria-labelledby="billing-settings-title"
        onSubmit={(event) => void submit(event)}
      >
        <h3 id="billing-settings-title">Billing settings</h3>
        {problems.length > 0 && (
          <div className="notice notice--error" role="alert">
            {problems.join(' ')}
          </div>
        )}
        <fieldset className="client-form__body billing-settings-form__body" disabled={saving}>
          <DaysField
            name="paymentTermsDays"
            label="Payment terms"
            suffix=" days"
            hint="An invoice is due this many days after it is dated (0 to 365)."
          />
          <DaysField
            name="unpaidIntervalDays"
            label="Days between unpaid notices"
            suffix=" days"
            hint="An unpaid run skips a client with a notice younger than this (1 to 365)."
          />
          <DaysField
            name="billingDay"
            label="Billing day"
            hint="The day of the month the monthly billing run starts by itself (1 to 28)."
          />
          <LadderField />
        </fieldset>
        <div className="credit-form__actions">
          <Button type="submit" label="Save" icon="pi pi-check" loading={saving} disabled={saving} />
        </div>
      </form>
    </FormProvider>
  );
}
