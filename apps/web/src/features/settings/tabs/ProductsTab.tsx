import type { BillingPlan, Product, ProductInput } from '@pd/contracts';
import { Column } from 'primereact/column';
import { billingPlansResource, productsResource, useCatalogueList } from '../../../api/settings.ts';
import { formatMoney } from '../../../lib/money.ts';
import { CatalogueTable } from '../CatalogueTable.tsx';
import { OptionalText, YesNoTag } from '../cells.tsx';
import { FormDialog } from '../FormDialog.tsx';
import { MoneyField, type Option, SelectField, TextAreaField, TextField, YesNoField } from '../fields.tsx';
import { type ProductFormValues, productFormSchema } from '../schemas.ts';
import { useCatalogue } from '../useCatalogue.ts';
import { useSettingsForm } from '../useSettingsForm.ts';

const NOUN = 'product';

export function ProductsTab({ currency }: { currency: string }) {
  const catalogue = useCatalogue(productsResource, NOUN, (product) => product.name);
  const plans = useCatalogueList(billingPlansResource, catalogue.companyId);
  const money = (field: 'premium' | 'value', header: string) => (
    <Column
      key={field}
      field={field}
      header={header}
      sortable
      body={(product: Product) => formatMoney(product[field], currency)}
      className="settings-table__money"
      headerClassName="settings-table__money"
    />
  );
  const columns = [
    <Column key="name" field="name" header="Name" sortable />,
    <Column
      key="description"
      field="description"
      header="Description"
      body={(product: Product) => <OptionalText text={product.description} />}
      className="settings-table__text"
    />,
    <Column
      key="plan"
      field="billingPlanName"
      header="Default billing plan"
      sortable
      body={(product: Product) => <OptionalText text={product.billingPlanName} />}
    />,
    money('premium', 'Premium'),
    money('value', 'Value'),
    <Column
      key="active"
      field="active"
      header="Active"
      sortable
      body={(product: Product) => <YesNoTag value={product.active} />}
    />,
  ];
  return (
    <>
      <CatalogueTable
        plural="products"
        noun={NOUN}
        sortField="name"
        columns={columns}
        {...catalogue.tableProps}
      />
      {catalogue.editing && (
        <ProductForm
          product={catalogue.editing.item}
          currency={currency}
          plans={plans.data}
          plansLoading={plans.isPending}
          save={(input) => catalogue.save(catalogue.editing?.item?.id ?? null, input)}
          onDone={catalogue.close}
        />
      )}
    </>
  );
}

/** Active plans, plus the product's current plan should it have become inactive. */
function planOptions(plans: BillingPlan[] | undefined, currentId: number | null): Option[] {
  return (plans ?? [])
    .filter((plan) => plan.active === 'Y' || plan.id === currentId)
    .map((plan) => ({ value: plan.id, label: plan.active === 'Y' ? plan.name : `${plan.name} (inactive)` }));
}

interface ProductFormProps {
  product: Product | null;
  currency: string;
  plans: BillingPlan[] | undefined;
  plansLoading: boolean;
  save: (input: ProductInput) => Promise<unknown>;
  onDone: () => void;
}

function ProductForm({ product, currency, plans, plansLoading, save, onDone }: ProductFormProps) {
  const { form, submit, problems } = useSettingsForm<ProductFormValues, ProductInput>({
    schema: productFormSchema,
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      billingPlanId: product?.billingPlanId ?? null,
      premium: product?.premium ?? null,
      value: product?.value ?? null,
      active: product?.active ?? 'Y',
    },
    // An empty description is no description.
    save: (input) => save({ ...input, description: input.description || null }),
    saved: (values) => `Saved ${NOUN} "${values.name}".`,
    onDone,
  });
  return (
    <FormDialog
      header={product ? 'Edit product' : 'New product'}
      form={form}
      onSubmit={submit}
      onCancel={onDone}
      problems={problems}
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <TextAreaField name="description" label="Description" maxLength={2000} />
      <SelectField
        name="billingPlanId"
        label="Default billing plan"
        options={planOptions(plans, product?.billingPlanId ?? null)}
        placeholder="No default plan"
        loading={plansLoading}
        clearable
      />
      <MoneyField name="premium" label="Premium" required currency={currency} />
      <MoneyField name="value" label="Value" required currency={currency} />
      <YesNoField name="active" label="Active" />
    </FormDialog>
  );
}
