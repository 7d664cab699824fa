import { BILLING_FREQUENCIES, type BillingPlan, type BillingPlanInput } from '@pd/contracts';
import { Column } from 'primereact/column';
import { billingPlansResource } from '../../../api/settings.ts';
import { formatMoney } from '../../../lib/money.ts';
import { CatalogueTable } from '../CatalogueTable.tsx';
import { YesNoTag } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { MoneyField, SelectField, TextField, YesNoField } from '../fields.tsx';
import { FREQUENCY_LABELS } from '../labels.ts';
import { type BillingPlanFormValues, billingPlanFormSchema } from '../schemas.ts';
import { useCatalogue } from '../useCatalogue.ts';
import { useSettingsForm } from '../useSettingsForm.ts';

const NOUN = 'billing plan';
const FREQUENCY_OPTIONS = BILLING_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

export function BillingPlansTab({ currency }: { currency: string }) {
  const catalogue = useCatalogue(billingPlansResource, NOUN, (plan) => plan.name);
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    <Column
      key="amount"
      field="amount"
      header="Amount"
      sortable
      body={(plan: BillingPlan) => formatMoney(plan.amount, currency)}
      className="settings-table__money"
      headerClassName="settings-table__money"
    />,
    <Column
      key="frequency"
      field="frequency"
      header="Frequency"
      sortable
      body={(plan: BillingPlan) => FREQUENCY_LABELS[plan.frequency]}
    />,
    <Column
      key="active"
      field="active"
      header="Active"
      sortable
      body={(plan: BillingPlan) => <YesNoTag value={plan.active} />}
    />,
    <Column
      key="bookable"
      field="bookable"
      header="Bookable"
      sortable
      body={(plan: BillingPlan) => <YesNoTag value={plan.bookable} />}
    />,
  ];
  return (
    <>
      <CatalogueTable
        plural="billing plans"
        noun={NOUN}
        sortField="name"
        columns={columns}
        {...catalogue.tableProps}
      />
      {catalogue.editing && (
        <BillingPlanForm
          plan={catalogue.editing.item}
          currency={currency}
          save={(input) => catalogue.save(catalogue.editing?.item?.id ?? null, input)}
          onDone={catalogue.close}
        />
      )}
    </>
  );
}

interface BillingPlanFormProps {
  plan: BillingPlan | null;
  currency: string;
  save: (input: BillingPlanInput) => Promise<unknown>;
  onDone: () => void;
}

function BillingPlanForm({ plan, currency, save, onDone }: BillingPlanFormProps) {
  const { form, submit, problems } = useSettingsForm<BillingPlanFormValues, BillingPlanInput>({
    schema: billingPlanFormSchema,
    defaultValues: {
      name: plan?.name ?? '',
      amount: plan?.amount ?? null,
      frequency: plan?.frequency ?? 'monthly',
      active: plan?.active ?? 'Y',
      bookable: plan?.bookable ?? 'N',
    },
    save,
    saved: (values) => `Saved ${NOUN} "${values.name}".`,
    onDone,
  });
  return (
    <FormDialog
      header={plan ? 'Edit billing plan' : 'New billing plan'}
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      problems={problems}
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <MoneyField name="amount" label="Amount" required currency={currency} />
      <SelectField name="frequency" label="Frequency" required options={FREQUENCY_OPTIONS} />
      <YesNoField name="active" label="Active" hint="Inactive plans are not offered for new products." />
      <YesNoField
        name="bookable"
        label="Bookable"
        hint="Bookable plans can be chosen when booking appointments."
      />
    </FormDialog>
  );
}
