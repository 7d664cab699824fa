import '../../../styles/client-records.css';
import type { ClientProduct } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useClientProducts } from '../../../api/clientProducts.ts';
import { PanelFrame, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import {
  Coded,
  PRODUCT_STATUS_LABELS,
  SUB_VIEW_PAGE_SIZES,
  SUB_VIEW_PAGINATOR,
  SUB_VIEW_PT_PAGINATOR,
  SUB_VIEW_ROWS,
} from './Coded.tsx';
import { formatMoney, useCurrency } from './format.ts';
import { useTitleWithClient } from './useClientName.ts';

export const LOADING_PRODUCTS = 'Loading products. Please wait.';
export const NO_PRODUCTS = 'No products found.';

/** Tab 7, View client products: unique number, name, plan, premium and value, with update and delete. */
export function ClientProductsPanel({ clientId, onCancel, openPanel }: ClientPanelProps) {
  const products = useClientProducts(clientId);
  const currency = useCurrency();
  const title = useTitleWithClient('View client products', clientId);
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState(SUB_VIEW_ROWS);

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
        onClick={() => openPanel?.(18, row.id)}
      />
      <Button
        type="button"
        label="Delete"
        icon="pi pi-trash"
        size="small"
        severity="danger"
        outlined
        aria-label={`Delete ${row.uniqueId} ${row.name}`}
        onClick={() => openPanel?.(19, row.id)}
      />
    </div>
  );

  return (
    <PanelFrame title={title}>
      <div className="record-toolbar">
        <Button type="button" label="Add product" icon="pi pi-plus" onClick={() => openPanel?.(6)} />
        <Button
          type="button"
          label="Back to the client list"
          icon="pi pi-arrow-left"
          outlined
          onClick={onCancel}
        />
      </div>
      <DataTable
        value={products.data ?? []}
        dataKey="id"
        paginator
        first={first}
        rows={rows}
        onPage={(e) => {
          setFirst(e.first);
          setRows(e.rows);
        }}
        rowsPerPageOptions={SUB_VIEW_PAGE_SIZES}
        paginatorTemplate={SUB_VIEW_PAGINATOR}
        currentPageReportTemplate="{first}–{last} of {totalRecords}"
        loading={products.isPending}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '52rem' }}
        pt={{ table: { 'aria-label': 'Client products' }, paginator: SUB_VIEW_PT_PAGINATOR }}
        emptyMessage={
          <span data-testid="records-empty" role="status">
            {products.isPending ? LOADING_PRODUCTS : NO_PRODUCTS}
          </span>
        }
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
            <Coded code={row.status} label={PRODUCT_STATUS_LABELS[row.status]} kind="status" />
          )}
        />
        <Column header="Actions" body={actions} headerClassName="record-table__actions" />
      </DataTable>
    </PanelFrame>
  );
}
