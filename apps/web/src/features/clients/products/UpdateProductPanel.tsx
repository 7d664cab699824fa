import '../../../styles/client-records.css';
import { type ClientProduct, ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { InputTextarea } from 'primereact/inputtextarea';
import { useMemo } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useBillingPlans, useClientProducts, useUpdateClientProduct } from '../../../api/clientProducts.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { FormActions } from '../forms/FormActions.tsx';
import { DateField } from '../forms/fields/DateField.tsx';
import { FieldShell } from '../forms/fields/FieldShell.tsx';
import { SelectField } from '../forms/fields/SelectField.tsx';
import { TextField } from '../forms/fields/TextField.tsx';
import { STATUS_OPTIONS } from '../forms/options.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import { Section } from '../forms/sections/Section.tsx';
import { useFreshData } from '../forms/useFreshData.ts';
import { useSaveForm } from '../forms/useSaveForm.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatDateTime, useCurrency, useTimeZone } from './format.ts';
import { MoneyField } from './MoneyField.tsx';
import {
  PRODUCT_FIELDS,
  type ProductFormValues,
  productFieldOf,
  productResolver,
  productToValues,
  valuesToUpdate,
} from './productFormValues.ts';
import { useTitleWithClient } from './useClientName.ts';

export const PRODUCT_NOT_FOUND = 'This product of the client was not found. It may have been deleted.';

/** Tab 18, Update client product. */
export function UpdateProductPanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const products = useClientProducts(clientId);
  const list = useFreshData(products);
  const plans = useBillingPlans(user.companyId);
  const title = useTitleWithClient('Update client product', clientId);
  const product = list?.find((p) => p.id === itemId);
  return (
    <PanelFrame title={title}>
      {clientId === undefined || itemId === undefined ? (
        <PanelNotice text="No product was chosen. Open the client's products first." onCancel={onCancel} />
      ) : products.isError || plans.isError ? (
        <PanelNotice
          tone="error"
          text="The product could not be loaded. Please try again."
          onCancel={onCancel}
        />
      ) : !list || plans.isPending ? (
        <PanelLoading text={'Loading products. Please wait.'} />
      ) : !product ? (
        <PanelNotice tone="error" text={PRODUCT_NOT_FOUND} onCancel={onCancel} />
      ) : (
        <UpdateProductForm
          key={product.id}
          product={product}
          planOptions={plans.data.map((p) => ({
            value: String(p.id),
            label: p.active === 'Y' ? p.name : `${p.name} (inactive)`,
          }))}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface UpdateProductFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  product: ClientProduct;
  planOptions: { value: string; label: string }[];
}

function UpdateProductForm({ product, planOptions, onDone, onCancel }: UpdateProductFormProps) {
  const update = useUpdateClientProduct(product.id);
  const currency = useCurrency();
  const timeZone = useTimeZone();
  const defaultValues = useMemo(() => productToValues(product), [product]);
  const form = useForm<ProductFormValues>({
    defaultValues,
    resolver: productResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: (values) => update.mutateAsync(valuesToUpdate(values)),
    success: SUCCESS_MESSAGES.updateProduct,
    failure: ERROR_MESSAGES.updateProduct,
    onDone,
    fieldOf: productFieldOf,
    isShown: (field) => (PRODUCT_FIELDS as readonly string[]).includes(field),
  });
  return (
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
        <dl className="details record-details" data-testid="product-identity">
          <dt>Unique number</dt>
          <dd>{product.uniqueId}</dd>
          <dt>Created</dt>
          <dd data-testid="product-created">{formatDateTime(product.created, timeZone)}</dd>
          <dt>Updated</dt>
          <dd data-testid="product-updated">{formatDateTime(product.updated, timeZone)}</dd>
        </dl>
        <p className="client-form__legend-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
          <Section legend="Product">
            <TextField name="name" label="Name" required />
            <SelectField
              name="billingPlanId"
              label="Billing plan"
              options={planOptions}
              clearable
              placeholder="No billing plan"
            />
            <DescriptionField />
          </Section>
          <Section legend="Amounts">
            <MoneyField name="premium" label="Premium" currency={currency} required />
            <MoneyField name="value" label="Value" currency={currency} required />
          </Section>
          <Section legend="Term and status">
            <DateField name="inception" label="Inception date" />
            <DateField
              name="termination"
              label="Termination date"
              hint="Leave empty while the product runs; not before the inception date."
            />
            <SelectField name="status" label="Status" options={STATUS_OPTIONS} required />
          </Section>
        </fieldset>
        <FormActions submitLabel="Update" onCancel={onCancel} otherProblems={otherProblems} />
      </form>
    </FormProvider>
  );
}

function DescriptionField() {
  const { register } = useFormContext<ProductFormValues>();
  return (
    <FieldShell name="description" label="Description" wide>
      {({ invalid, ...a11y }) => (
        <InputTextarea {...a11y} {...register('description')} invalid={invalid} rows={3} autoResize />
      )}
    </FieldShell>
  );
}
