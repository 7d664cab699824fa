import { BILLING_FREQUENCIES, type BillingPlan, type BillingPlanInput, formatMoney } from '@pd/contracts';
import { Column } from 'primereact/column';
import { YesNoField } from '../../../components/form/ChoiceFields.tsx';
import { MoneyField } from '../../../components/form/NumberFields.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useCurrency } from '../../../lib/company.ts';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab, dialogSaving } from '../CatalogueTable.tsx';
import { BILLING_PLANS } from '../catalogues.ts';
import { moneyColumn, yesNoColumn } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { FREQUENCY_LABELS } from '../labels.ts';
import { type BillingPlanFormValues, billingPlanFormSchema } from '../schemas.ts';

const FREQUENCY_OPTIONS = BILLING_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

export function BillingPlansTab({ currency }: { currency: string }) {
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    moneyColumn('amount', 'Amount', (cents) => formatMoney(cents, currency)),
    <Column
      key="frequency"
      field="frequency"
      header="Frequency"
      sortable
      body={(plan: BillingPlan) => FREQUENCY_LABELS[plan.frequency]}
    />,
    yesNoColumn('active', 'Active'),
    yesNoColumn('bookable', 'Bookable'),
  ];
  return <CatalogueTab {...BILLING_PLANS} columns={columns} Form={BillingPlanForm} />;
}

function BillingPlanForm(props: CatalogueFormProps<BillingPlan, BillingPlanInput>) {
  const plan = props.item;
  const currency = useCurrency();
  const contract = useContractForm<BillingPlanFormValues, BillingPlanInput>({
    schema: billingPlanFormSchema,
    defaultValues: {
      name: plan?.name ?? '',
      amount: plan?.amount ?? null,
      frequency: plan?.frequency ?? 'monthly',
      active: plan?.active ?? 'Y',
      bookable: plan?.bookable ?? 'N',
    },
    ...dialogSaving(props, (input) => input.name),
  });
  return (
    <FormDialog
      header={plan ? 'Edit billing plan' : 'New billing plan'}
      contract={contract}
      onCancel={props.onDone}
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <MoneyField name="amount" label="Amount" required currency={currency} min={0} max={10_000_000} />
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
