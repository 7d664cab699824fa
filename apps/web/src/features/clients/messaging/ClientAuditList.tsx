import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useClientAudit } from '../../../api/messaging.ts';
import { auditColumns, LOADING_AUDIT, NO_AUDIT } from '../../audit/auditCells.tsx';
import {
  SUB_VIEW_PAGE_SIZES,
  SUB_VIEW_PAGINATOR,
  SUB_VIEW_PT_PAGINATOR,
  SUB_VIEW_ROWS,
} from '../products/Coded.tsx';
import { useTimeZone } from '../products/format.ts';

/** The client's audit trail, newest first (the API's order): who, when, sub-process, description. */
export function ClientAuditList({ clientId }: { clientId: number }) {
  const audit = useClientAudit(clientId);
  const timeZone = useTimeZone();
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState(SUB_VIEW_ROWS);
  return (
    <section className="client-audit" aria-labelledby="client-audit-heading">
      <h3 id="client-audit-heading">Audit trail of this client</h3>
      {audit.isError ? (
        <div className="notice notice--error" role="alert">
          <span>The audit trail could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void audit.refetch()} />
        </div>
      ) : (
        <DataTable
          value={audit.data ?? []}
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
          loading={audit.isPending}
          size="small"
          stripedRows
          className="record-table"
          pt={{ table: { 'aria-label': 'Audit trail' }, paginator: SUB_VIEW_PT_PAGINATOR }}
          emptyMessage={
            <span data-testid="audit-empty" role="status">
              {audit.isPending ? LOADING_AUDIT : NO_AUDIT}
            </span>
          }
        >
          {auditColumns(timeZone)}
        </DataTable>
      )}
    </section>
  );
}
