import '../../styles/client-records.css';
import { type ClientProduct, ERROR_MESSAGES, formatMoney, SUCCESS_MESSAGES } from '@pd/contracts';
import { useClientProducts, useDeleteClientProduct } from '../../api/clientProducts.ts';
import { DeleteConfirmForm } from '../../components/DeleteConfirmForm.tsx';
import { STATUS_LABELS } from '../../components/form/options.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useCurrency } from '../../lib/company.ts';
import { useFreshData } from '../../lib/useFreshData.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';
import { PRODUCT_NOT_FOUND } from './UpdateProductPanel.tsx';

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
  const currency = useCurrency();
  return (
    <DeleteConfirmForm
      noun="product"
      legend={`Delete ${product.name}?`}
      idPrefix="delete-product-answer"
      remove={() => remove.mutateAsync(product.id)}
      success={SUCCESS_MESSAGES.deleteProduct}
      failure={ERROR_MESSAGES.deleteProduct}
      onDone={onDone}
      onCancel={onCancel}
      className="clients-panel__body record-form"
    >
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
        <dd>{STATUS_LABELS[product.status] ?? product.status}</dd>
      </dl>
      <p className="notice notice--info">
        <span className="pi pi-info-circle" aria-hidden="true" />
        The product leaves the client's list. Its billing history is kept.
      </p>
    </DeleteConfirmForm>
  );
}
