import { type BillingPlan, formatMoney, type Product, type ProductInput } from '@pd/contracts';
import { Column } from 'primereact/column';
import { billingPlansResource, useCatalogueList } from '../../../api/settings.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { YesNoField } from '../../../components/form/ChoiceFields.tsx';
import { MoneyField } from '../../../components/form/NumberFields.tsx';
import type { Option } from '../../../components/form/options.ts';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { TextAreaField, TextField } from '../../../components/form/TextField.tsx';
import { useCurrency } from '../../../lib/company.ts';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { type CatalogueFormProps, CatalogueTab, dialogSaving } from '../CatalogueTable.tsx';
import { PRODUCTS } from '../catalogues.ts';
import { moneyColumn, optionalTextColumn, yesNoColumn } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { type ProductFormValues, productFormSchema } from '../schemas.ts';

export function ProductsTab({ currency }: { currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  // Tariff codes are for medical accounts: a healthcare practice's (type H) only.
  const healthcare = useSession().company.type === 'H';
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    optionalTextColumn('description', 'Description'),
    optionalTextColumn('billingPlanName', 'Default billing plan', { sortable: true }),
    moneyColumn('premium', 'Premium', money),
    moneyColumn('value', 'Value', money),
    ...(healthcare ? [optionalTextColumn('tariffCode', 'Tariff code')] : []),
    yesNoColumn('active', 'Active'),
  ];
  return <CatalogueTab {...PRODUCTS} columns={columns} Form={ProductForm} />;
}

/** Active plans, plus the product's current plan should it have become inactive. */
function planOptions(plans: BillingPlan[] | undefined, currentId: number | null): Option<number>[] {
  return (plans ?? [])
    .filter((plan) => plan.active === 'Y' || plan.id === currentId)
    .map((plan) => ({ value: plan.id, label: plan.active === 'Y' ? plan.name : `${plan.name} (inactive)` }));
}

function ProductForm(props: CatalogueFormProps<Product, ProductInput>) {
  const product = props.item;
  const { company } = useSession();
  const currency = useCurrency();
  const plans = useCatalogueList(billingPlansResource, company.id);
  const contract = useContractForm<ProductFormValues, ProductInput>({
    schema: productFormSchema,
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      billingPlanId: product?.billingPlanId ?? null,
      premium: product?.premium ?? null,
      value: product?.value ?? null,
      active: product?.active ?? 'Y',
      tariffCode: product?.tariffCode ?? '',
    },
    ...dialogSaving(props, (input) => input.name),
    // An empty description or tariff code is none.
    save: (input) =>
      props.save({ ...input, description: input.description || null, tariffCode: input.tariffCode || null }),
  });
  return (
    <FormDialog header={product ? 'Edit product' : 'New product'} contract={contract} onCancel={props.onDone}>
      <TextField name="name" label="Name" required maxLength={100} />
      <TextAreaField name="description" label="Description" maxLength={2000} />
      <SelectField
        name="billingPlanId"
        label="Default billing plan"
        options={planOptions(plans.data, product?.billingPlanId ?? null)}
        placeholder="No default plan"
        loading={plans.isPending}
        clearable
      />
      <MoneyField name="premium" label="Premium" required currency={currency} min={0} max={10_000_000} />
      <MoneyField name="value" label="Value" required currency={currency} min={0} max={10_000_000} />
      {company.type === 'H' && (
        <TextField
          name="tariffCode"
          label="Tariff code"
          maxLength={20}
          hint="Printed per line on the medical accounts of a healthcare practice, e.g. 72101."
        />
      )}
      <YesNoField name="active" label="Active" />
    </FormDialog>
  );
}
