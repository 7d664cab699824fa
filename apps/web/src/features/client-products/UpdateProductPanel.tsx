import '../../styles/client-records.css';
import {
  type ClientProduct,
  type ClientProductUpdate,
  ERROR_MESSAGES,
  formatDateTimeIn,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { useState } from 'react';
import { useBillingPlans, useClientProducts, useUpdateClientProduct } from '../../api/clientProducts.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { MoneyField } from '../../components/form/NumberFields.tsx';
import { type Option, STATUS_OPTIONS } from '../../components/form/options.ts';
import { Section } from '../../components/form/Section.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextAreaField, TextField } from '../../components/form/TextField.tsx';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency, useTimeZone } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { useFreshData } from '../../lib/useFreshData.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';
import { type ProductFormValues, productFormSchema, productToValues } from './productFormValues.ts';

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
            value: p.id,
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
  planOptions: Option<number>[];
}

function UpdateProductForm({ product, planOptions, onDone, onCancel }: UpdateProductFormProps) {
  const update = useUpdateClientProduct(product.id);
  const currency = useCurrency();
  const timeZone = useTimeZone();
  const [defaultValues] = useState(() => productToValues(product));
  const { form, submit, problems } = useContractForm<ProductFormValues, ClientProductUpdate>({
    schema: productFormSchema,
    defaultValues,
    save: (input) => update.mutateAsync(input),
    success: SUCCESS_MESSAGES.updateProduct,
    failure: ERROR_MESSAGES.updateProduct,
    onDone,
  });
  return (
    <FormShell form={form} onSubmit={submit}>
      <dl className="details record-details" data-testid="product-identity">
        <dt>Unique number</dt>
        <dd>{product.uniqueId}</dd>
        <dt>Created</dt>
        <dd data-testid="product-created">{formatDateTimeIn(product.created, timeZone)}</dd>
        <dt>Updated</dt>
        <dd data-testid="product-updated">{formatDateTimeIn(product.updated, timeZone)}</dd>
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
          <TextAreaField name="description" label="Description" wide />
        </Section>
        <Section legend="Amounts">
          <MoneyField name="premium" label="Premium" currency={currency} required min={0} max={10_000_000} />
          <MoneyField name="value" label="Value" currency={currency} required min={0} max={10_000_000} />
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
      <FormActions submitLabel="Update" onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
