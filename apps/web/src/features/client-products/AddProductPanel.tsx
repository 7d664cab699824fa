import '../../styles/client-records.css';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  formatMoney,
  idField,
  type Product,
  SUCCESS_MESSAGES,
} from '@pd/contracts';
import { z } from 'zod';
import { useAddClientProduct, useCompanyProducts } from '../../api/clientProducts.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

/** Tab 6, Add product to client: the client takes up one of the company's products (spec: everyone). */
export function AddProductPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const products = useCompanyProducts(user.companyId);
  const title = useTitleWithClient('Add product to client', clientId);
  return (
    <PanelFrame title={title} lead="The client takes up the product with its plan, premium and value.">
      {clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : products.isError ? (
        <PanelNotice tone="error" text="The company's products could not be loaded." onCancel={onCancel} />
      ) : products.isPending ? (
        <PanelLoading text="Loading products. Please wait." />
      ) : (
        <AddProductForm
          clientId={clientId}
          products={products.data.filter((p) => p.active === 'Y')}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface AddProductFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  clientId: number;
  products: Product[];
}

/** The product is the path of the request; nothing chosen is refused on the field (spec section 5). */
const productChoice = z.object({ product: z.number({ error: FIELD_MESSAGES.required }).pipe(idField) });

function AddProductForm({ clientId, products, onDone, onCancel }: AddProductFormProps) {
  const add = useAddClientProduct(clientId);
  const currency = useCurrency();
  const { form, submit, problems } = useContractForm<{ product: number | null }, { product: number }>({
    schema: productChoice,
    defaultValues: { product: null },
    save: ({ product }) => add.mutateAsync(product),
    success: SUCCESS_MESSAGES.addProduct,
    failure: ERROR_MESSAGES.addProduct,
    onDone,
  });
  const productId = form.watch('product');
  const chosen = products.find((p) => p.id === productId);

  if (products.length === 0) {
    return (
      <PanelNotice
        text="The company has no active products yet. An administrator adds them under Settings."
        onCancel={onCancel}
      />
    );
  }

  const options = products.map((p) => ({
    value: p.id,
    label: p.name,
    plan: p.billingPlanName ?? '',
    product: p,
  }));
  const template = (option: (typeof options)[number] | undefined) =>
    option ? (
      <span className="product-option">
        <span className="product-option__name">{option.product.name}</span>
        <span className="product-option__detail">
          {option.product.billingPlanName ?? 'No billing plan'} ·{' '}
          {formatMoney(option.product.premium, currency)}
        </span>
      </span>
    ) : (
      'Choose a product'
    );

  return (
    <FormShell form={form} onSubmit={submit} className="client-form record-form">
      <SelectField
        name="product"
        id="add-product-choice"
        label="Product"
        required
        options={options}
        template={template}
        filter
        filterBy="label,plan"
        placeholder="Choose a product"
        className="record-form__product"
      />
      {chosen && (
        <dl className="details record-details" data-testid="chosen-product">
          <dt>Description</dt>
          <dd>{chosen.description || '—'}</dd>
          <dt>Billing plan</dt>
          <dd>{chosen.billingPlanName ?? '—'}</dd>
          <dt>Premium</dt>
          <dd>{formatMoney(chosen.premium, currency)}</dd>
          <dt>Value</dt>
          <dd>{formatMoney(chosen.value, currency)}</dd>
        </dl>
      )}
      <FormActions submitLabel="Add" submitIcon="pi pi-plus" onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
