import {
  CLIENT_PAGE_SIZES,
  type ClientColumn,
  type ClientListRow,
  OTHER_MESSAGES,
  type RowAction,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { DataTable, type DataTableSortMeta } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { HIDDEN_SELECT } from './a11y.ts';
import { statusCell, textCell, typeCell } from './cells.tsx';
import { COLUMN_LABELS, FILTER_HINTS } from './columns.ts';
import { RowActions } from './RowActions.tsx';
import type { ClientListState } from './useClientListState.ts';
import type { SortTerm } from './useClientListView.ts';

interface ClientTableProps {
  state: ClientListState;
  rows: ClientListRow[];
  total: number;
  totalExact: boolean;
  loading: boolean;
  firstLoad: boolean;
  actions: readonly RowAction[];
  onOpen: (tab: number, clientId: number) => void;
}

const toTerms = (meta: DataTableSortMeta[] | null | undefined): SortTerm[] =>
  (meta ?? []).flatMap((m) =>
    m.field && m.order ? [{ field: m.field as ClientColumn, order: m.order }] : [],
  );

const BODIES: Partial<Record<ClientColumn, (row: ClientListRow) => ReactNode>> = {
  type: typeCell,
  status: statusCell,
};

/** Lazy, server-side table: the page, sort and filters all go to the API. */
export function ClientTable({
  state,
  rows,
  total,
  totalExact,
  loading,
  firstLoad,
  actions,
  onOpen,
}: ClientTableProps) {
  const { view } = state;
  const filterInput = (column: ClientColumn) => (
    <InputText
      className="p-inputtext-sm column-filter"
      value={state.filterInputs[column] ?? ''}
      onChange={(e) => state.setFilterInput(column, e.target.value)}
      placeholder={FILTER_HINTS[column] ?? 'Starts with…'}
      aria-label={`Filter ${COLUMN_LABELS[column]} (starts with)`}
    />
  );
  return (
    <DataTable
      value={rows}
      dataKey="id"
      lazy
      paginator
      first={state.first}
      rows={view.rows}
      totalRecords={total}
      rowsPerPageOptions={[...CLIENT_PAGE_SIZES]}
      onPage={(e) => state.changePage(e.first, e.rows)}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate={
        totalExact ? '{first}–{last} of {totalRecords}' : '{first}–{last} of more than 1,000'
      }
      sortMode="multiple"
      multiSortMeta={view.sort}
      onSort={(e) => state.setSort(toTerms(e.multiSortMeta))}
      filterDisplay="row"
      loading={loading}
      cellMemo={false}
      scrollable
      size="small"
      stripedRows
      className="client-table"
      tableStyle={{ minWidth: '56rem' }}
      pt={{ table: { 'aria-label': 'Clients' }, paginator: { RPPDropdown: HIDDEN_SELECT } }}
      emptyMessage={
        firstLoad ? (
          <span className="pi pi-spin pi-spinner" aria-hidden="true" />
        ) : (
          <span data-testid="clients-empty">{OTHER_MESSAGES.noClientsFound}</span>
        )
      }
    >
      <Column
        header="Actions"
        frozen
        headerClassName="client-table__actions"
        body={(row: ClientListRow) => <RowActions row={row} actions={actions} onOpen={onOpen} />}
      />
      {view.columns.map((column) => (
        <Column
          key={column}
          field={column}
          header={COLUMN_LABELS[column]}
          sortable
          filter
          showFilterMenu={false}
          showClearButton={false}
          filterElement={filterInput(column)}
          body={(row: ClientListRow) => BODIES[column]?.(row) ?? textCell(row[column])}
          bodyClassName={column === 'email' ? 'client-table__email' : undefined}
        />
      ))}
    </DataTable>
  );
}
