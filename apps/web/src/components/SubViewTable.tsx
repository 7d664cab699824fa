import { Button } from 'primereact/button';
import { DataTable, type DataTableValue } from 'primereact/datatable';
import { type ReactNode, useState } from 'react';
import { PAGE_REPORT_TEMPLATE, PAGINATOR_TEMPLATE, SERVER_PAGE_SIZES } from '../lib/serverPaging.ts';
import { scrollingTablePt } from './a11y.ts';

/** Spec section 9: sub-view tables show 100 rows, with page-size options 10, 20, 50 and 100. */
export const SUB_VIEW_ROWS = 100;

interface SubViewTableProps<Row extends DataTableValue> {
  rows: Row[] | undefined;
  loading: boolean;
  /** The table's accessible name, e.g. "Client products". */
  label: string;
  /** Said in place of rows: loading, or that there are none. */
  empty: ReactNode;
  emptyTestId: string;
  /** A wide table scrolls sideways on a narrow screen rather than squeezing its columns. */
  minWidth?: string;
  /** The keyed PrimeReact <Column>s. */
  children: ReactNode;
}

/** A client's products, tasks or audit trail: a paged table of 100 rows (spec section 9). */
export function SubViewTable<Row extends DataTableValue>({
  rows,
  loading,
  label,
  empty,
  emptyTestId,
  minWidth,
  children,
}: SubViewTableProps<Row>) {
  const [first, setFirst] = useState(0);
  const [size, setSize] = useState(SUB_VIEW_ROWS);
  return (
    <DataTable
      value={rows ?? []}
      dataKey="id"
      paginator
      first={first}
      rows={size}
      onPage={(e) => {
        setFirst(e.first);
        setSize(e.rows);
      }}
      rowsPerPageOptions={SERVER_PAGE_SIZES}
      paginatorTemplate={PAGINATOR_TEMPLATE}
      currentPageReportTemplate={PAGE_REPORT_TEMPLATE}
      loading={loading}
      size="small"
      stripedRows
      scrollable={minWidth !== undefined}
      className="record-table"
      tableStyle={minWidth ? { minWidth } : undefined}
      pt={scrollingTablePt(label)}
      emptyMessage={
        <span data-testid={emptyTestId} role="status">
          {empty}
        </span>
      }
    >
      {children}
    </DataTable>
  );
}

/** Above a sub-view: add another, or go back to the client list. */
export function SubViewToolbar({
  addLabel,
  onAdd,
  onBack,
}: {
  addLabel: string;
  onAdd: () => void;
  onBack: () => void;
}) {
  return (
    <div className="record-toolbar">
      <Button type="button" label={addLabel} icon="pi pi-plus" onClick={onAdd} />
      <Button
        type="button"
        label="Back to the client list"
        icon="pi pi-arrow-left"
        outlined
        onClick={onBack}
      />
    </div>
  );
}
