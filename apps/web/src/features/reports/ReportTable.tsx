import { DataTable } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';

interface ReportTableProps<T extends Record<string, unknown>> {
  rows: T[];
  dataKey: keyof T & string;
  /** The table's accessible name (also its scrolling region's). */
  label: string;
  testId: string;
  state: { isPending: boolean; isError: boolean; isFetching: boolean };
  empty: string;
  /** A second table under the first (spaced from it). */
  detail?: boolean;
  children: ReactNode;
}

/** A report section's table: loading, empty and failed states, keyboard-scrollable, paged past 50 rows. */
export function ReportTable<T extends Record<string, unknown>>(props: ReportTableProps<T>) {
  const { rows, state } = props;
  return (
    <DataTable
      value={rows}
      dataKey={props.dataKey}
      size="small"
      stripedRows
      loading={state.isFetching}
      paginator={rows.length > 50}
      rows={50}
      className={props.detail ? 'record-table report-drill' : 'record-table'}
      data-testid={props.testId}
      pt={scrollingTablePt(props.label)}
      emptyMessage={
        <EmptyRow
          pending={state.isPending}
          failed={state.isError}
          loading="Loading the report…"
          empty={props.empty}
        />
      }
    >
      {props.children}
    </DataTable>
  );
}
