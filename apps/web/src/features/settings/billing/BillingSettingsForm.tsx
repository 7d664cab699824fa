import type { BillingSettings, BillingSettingsUpdate } from '@pd/contracts';
import { useUpdateBillingSettings } from '../../../api/billingRuns.ts';
import { NumberField } from '../../../components/form/NumberFields.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { InlineForm } from '../FormDialog.tsx';
import { type BillingSettingsFormValues, billingSettingsFormSchema } from './billingSchemas.ts';
import { LadderField } from './LadderField.tsx';

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
  const contract = useContractForm<BillingSettingsFormValues, BillingSettingsUpdate>({
    schema: billingSettingsFormSchema,
    defaultValues: valuesOf(settings),
    save: (input) => update.mutateAsync(input),
    success: 'Saved billing settings.',
    mode: 'onTouched',
  });
  // Bounds are the schema's, so a wrong number gets its message.
  return (
    <InlineForm
      id="billing-settings"
      title="Billing settings"
      contract={contract}
      submitLabel="Save"
      className="billing-settings-form"
      idPrefix="cf-"
    >
      <NumberField
        name="paymentTermsDays"
        label="Payment terms"
        required
        suffix=" days"
        grouping={false}
        hint="An invoice is due this many days after it is dated (0 to 365)."
      />
      <NumberField
        name="unpaidIntervalDays"
        label="Days between unpaid notices"
        required
        suffix=" days"
        grouping={false}
        hint="An unpaid run skips a client with a notice younger than this (1 to 365)."
      />
      <NumberField
        name="billingDay"
        label="Billing day"
        required
        grouping={false}
        hint="The day of the month the monthly billing run starts by itself (1 to 28)."
      />
      <LadderField />
    </InlineForm>
  );
}
