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
import { scrollingTablePt } from '../../../components/a11y.ts';
import { MobileLink } from '../../../components/MobileLink.tsx';
import { nameCell, statusCell, textCell, typeCell } from './cells.tsx';
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

/**
 * A plain click on a column that is not the list's only sort starts A→Z: the table would otherwise flip the
 * column's place in the default sort (first name, A→Z as the tie-breaker) to Z→A on the first click.
 */
export function clickedSort(previous: readonly SortTerm[], next: SortTerm[]): SortTerm[] {
  const [only] = next;
  if (next.length !== 1 || !only) return next;
  const wasOnly = previous.length === 1 && previous[0]?.field === only.field;
  return wasOnly ? next : [{ field: only.field, order: 1 }];
}

const BODIES: Partial<Record<ClientColumn, (row: ClientListRow) => ReactNode>> = {
  name: nameCell,
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
  const bodyOf = (column: ClientColumn, row: ClientListRow) =>
    column === 'mobile' ? (
      <MobileLink mobile={row.mobile} />
    ) : (
      (BODIES[column]?.(row) ?? textCell(row[column]))
    );
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
      onSort={(e) => state.setSort(clickedSort(view.sort, toTerms(e.multiSortMeta)))}
      filterDisplay="row"
      loading={loading}
      cellMemo={false}
      scrollable
      size="small"
      stripedRows
      className="client-table"
      tableStyle={{ minWidth: '56rem' }}
      pt={scrollingTablePt('Clients')}
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
          body={(row: ClientListRow) => bodyOf(column, row)}
          bodyClassName={column === 'email' ? 'client-table__email' : undefined}
        />
      ))}
    </DataTable>
  );
}
