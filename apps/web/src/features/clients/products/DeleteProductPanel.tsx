import '../../../styles/client-records.css';
import { type ClientProduct, ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { useClientProducts, useDeleteClientProduct } from '../../../api/clientProducts.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import { useFreshData } from '../forms/useFreshData.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { PRODUCT_STATUS_LABELS } from './Coded.tsx';
import { formatMoney, useCurrency } from './format.ts';
import { PRODUCT_NOT_FOUND } from './UpdateProductPanel.tsx';
import { useTitleWithClient } from './useClientName.ts';

type Answer = 'Y' | 'N';
const ANSWERS: { value: Answer; label: string }[] = [
  { value: 'N', label: 'No, keep this product' },
  { value: 'Y', label: 'Yes, delete this product' },
];

/** Tab 19, Delete client product. Spec: deleting needs the answer Y; the confirmation defaults to N. */
export function DeleteProductPanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const products = useClientProducts(clientId);
  const list = useFreshData(products);
  const title = useTitleWithClient('Delete client product', clientId);
  const product = list?.find((p) => p.id === itemId);
  return (
    <PanelFrame title={title}>
      {clientId === undefined || itemId === undefined ? (
        <PanelNotice text="No product was chosen. Open the client's products first." onCancel={onCancel} />
      ) : products.isError ? (
        <PanelNotice
          tone="error"
          text="The product could not be loaded. Please try again."
          onCancel={onCancel}
        />
      ) : !list ? (
        <PanelLoading text="Loading products. Please wait." />
      ) : !product ? (
        <PanelNotice tone="error" text={PRODUCT_NOT_FOUND} onCancel={onCancel} />
      ) : (
        <DeleteProductForm product={product} onDone={onDone} onCancel={onCancel} />
      )}
    </PanelFrame>
  );
}

interface DeleteProductFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  product: ClientProduct;
}

function DeleteProductForm({ product, onDone, onCancel }: DeleteProductFormProps) {
  const remove = useDeleteClientProduct();
  const toast = useToast();
  const currency = useCurrency();
  const [answer, setAnswer] = useState<Answer>('N');
  const canDelete = answer === 'Y' && !remove.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canDelete) return;
    try {
      await remove.mutateAsync(product.id);
    } catch (error) {
      console.error('Deleting the product failed', error);
      toast.error(ERROR_MESSAGES.deleteProduct);
      return;
    }
    toast.success(SUCCESS_MESSAGES.deleteProduct);
    onDone();
  };

  return (
    <form className="clients-panel__body record-form" onSubmit={submit} noValidate>
      <dl className="details record-details" data-testid="delete-product-details">
        <dt>Unique number</dt>
        <dd>{product.uniqueId}</dd>
        <dt>Name</dt>
        <dd>{product.name}</dd>
        <dt>Billing plan</dt>
        <dd>{product.billingPlanName ?? '—'}</dd>
        <dt>Premium</dt>
        <dd>{formatMoney(product.premium, currency)}</dd>
        <dt>Value</dt>
        <dd>{formatMoney(product.value, currency)}</dd>
        <dt>Status</dt>
        <dd>{PRODUCT_STATUS_LABELS[product.status] ?? product.status}</dd>
      </dl>
      <p className="notice notice--info">
        <span className="pi pi-info-circle" aria-hidden="true" />
        The product leaves the client's list. Its billing history is kept.
      </p>
      <fieldset className="delete-choice">
        <legend>Delete {product.name}?</legend>
        {ANSWERS.map((option) => (
          <div key={option.value} className="delete-choice__option">
            <RadioButton
              inputId={`delete-product-answer-${option.value}`}
              name="delete-product-answer"
              value={option.value}
              checked={answer === option.value}
              onChange={() => setAnswer(option.value)}
            />
            <label htmlFor={`delete-product-answer-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </fieldset>
      <div className="clients-panel__actions">
        <Button
          type="submit"
          label="Delete"
          icon="pi pi-trash"
          severity="danger"
          disabled={!canDelete}
          loading={remove.isPending}
        />
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
      </div>
    </form>
  );
}
