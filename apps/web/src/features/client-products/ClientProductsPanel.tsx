import '../../styles/client-records.css';
import { CLIENT_TABS, type ClientProduct, formatMoney } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useClientProducts } from '../../api/clientProducts.ts';
import { Coded } from '../../components/Coded.tsx';
import { STATUS_LABELS } from '../../components/form/options.ts';
import { PanelFrame, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { SubViewTable, SubViewToolbar } from '../../components/SubViewTable.tsx';
import { useCurrency } from '../../lib/company.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';

export const LOADING_PRODUCTS = 'Loading products. Please wait.';
export const NO_PRODUCTS = 'No products found.';

/** Tab 7, View client products: unique number, name, plan, premium and value, with update and delete. */
export function ClientProductsPanel({ clientId, onCancel, openPanel }: ClientPanelProps) {
  const products = useClientProducts(clientId);
  const currency = useCurrency();
  const title = useTitleWithClient('View client products', clientId);

  if (clientId === undefined) {
    return (
      <PanelFrame title={title}>
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      </PanelFrame>
    );
  }
  if (products.isError) {
    return (
      <PanelFrame title={title}>
        <PanelNotice tone="error" text="The client's products could not be loaded." onCancel={onCancel} />
      </PanelFrame>
    );
  }

  const money = (field: 'premium' | 'value') => (row: ClientProduct) => formatMoney(row[field], currency);
  const actions = (row: ClientProduct) => (
    <div className="record-table__buttons">
      <Button
        type="button"
        label="Update"
        icon="pi pi-pencil"
        size="small"
        outlined
        aria-label={`Update ${row.uniqueId} ${row.name}`}
        onClick={() => openPanel?.(CLIENT_TABS.updateProduct, row.id)}
      />
      <Button
        type="button"
        label="Delete"
        icon="pi pi-trash"
        size="small"
        severity="danger"
        outlined
        aria-label={`Delete ${row.uniqueId} ${row.name}`}
        onClick={() => openPanel?.(CLIENT_TABS.deleteProduct, row.id)}
      />
    </div>
  );

  return (
    <PanelFrame title={title}>
      <SubViewToolbar
        addLabel="Add product"
        onAdd={() => openPanel?.(CLIENT_TABS.addProduct)}
        onBack={onCancel}
      />
      <SubViewTable
        rows={products.data}
        loading={products.isPending}
        label="Client products"
        empty={products.isPending ? LOADING_PRODUCTS : NO_PRODUCTS}
        emptyTestId="records-empty"
        minWidth="52rem"
      >
        <Column field="uniqueId" header="Unique number" sortable />
        <Column field="name" header="Name" sortable />
        <Column
          field="billingPlanName"
          header="Billing plan"
          sortable
          body={(row: ClientProduct) => row.billingPlanName ?? <span className="muted">—</span>}
        />
        <Column field="premium" header="Premium" sortable body={money('premium')} align="right" />
        <Column field="value" header="Value" sortable body={money('value')} align="right" />
        <Column
          field="status"
          header="Status"
          sortable
          body={(row: ClientProduct) => (
            <Coded code={row.status} label={STATUS_LABELS[row.status]} kind="status" />
          )}
        />
        <Column header="Actions" body={actions} headerClassName="record-table__actions" />
      </SubViewTable>
    </PanelFrame>
  );
}
