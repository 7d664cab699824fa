import '../../../styles/client-records.css';
import { ERROR_MESSAGES, OTHER_MESSAGES, type Product, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { useAddClientProduct, useCompanyProducts } from '../../../api/clientProducts.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatMoney, useCurrency } from './format.ts';
import { useTitleWithClient } from './useClientName.ts';

const FIELD_ID = 'add-product-choice';

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

function AddProductForm({ clientId, products, onDone, onCancel }: AddProductFormProps) {
  const add = useAddClientProduct(clientId);
  const toast = useToast();
  const currency = useCurrency();
  const [productId, setProductId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const chosen = products.find((p) => p.id === productId);

  if (products.length === 0) {
    return (
      <PanelNotice
        text="The company has no active products yet. An administrator adds them under Settings."
        onCancel={onCancel}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (productId === null) {
      setMissing(true);
      return;
    }
    try {
      await add.mutateAsync(productId);
    } catch (error) {
      console.error('Adding the product failed', error);
      toast.error(ERROR_MESSAGES.addProduct);
      return;
    }
    toast.success(SUCCESS_MESSAGES.addProduct);
    onDone();
  };

  const option = (product: Product | undefined) =>
    product ? (
      <span className="product-option">
        <span className="product-option__name">{product.name}</span>
        <span className="product-option__detail">
          {product.billingPlanName ?? 'No billing plan'} · {formatMoney(product.premium, currency)}
        </span>
      </span>
    ) : (
      'Choose a product'
    );

  return (
    <form
      className="client-form record-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="client-panel-title"
    >
      <div className="field client-form__field">
        <label htmlFor={FIELD_ID}>
          Product<span aria-hidden="true"> *</span>
        </label>
        <Dropdown
          inputId={FIELD_ID}
          value={productId}
          options={products}
          optionValue="id"
          optionLabel="name"
          onChange={(e) => {
            setProductId(e.value ?? null);
            setMissing(false);
          }}
          itemTemplate={option}
          valueTemplate={(product: Product | undefined) => option(product)}
          filter
          filterBy="name,billingPlanName"
          placeholder="Choose a product"
          invalid={missing}
          aria-invalid={missing}
          aria-required
          aria-describedby={missing ? `${FIELD_ID}-error` : undefined}
          className="client-form__control record-form__product"
          pt={{ select: { 'aria-hidden': true } }}
        />
        {missing && (
          <small id={`${FIELD_ID}-error`} className="field-error" data-testid="product-error">
            {OTHER_MESSAGES.fieldRequired}
          </small>
        )}
      </div>
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
      <div className="client-form__actions">
        <Button
          type="submit"
          label="Add"
          icon="pi pi-plus"
          loading={add.isPending}
          disabled={add.isPending}
        />
        <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
      </div>
    </form>
  );
}
