import '../../styles/client-records.css';
import '../../styles/messaging.css';
import type { AuditEntry } from '@pd/contracts';
import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { useCompanyAudit } from '../../api/messaging.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { SearchFilters } from '../../components/SearchFilters.tsx';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { AdminOnly } from './AdminOnly.tsx';
import { auditColumns, LOADING_AUDIT, NO_AUDIT } from './auditCells.tsx';
import { useAuditSearch } from './useAuditSearch.ts';

export const AUDIT_ROUTE = '/audit';
const TITLE = 'Audit trail';

/** #/audit: the company's audit trail for administrators, paged by the server, newest first. */
export function AuditPage() {
  return (
    <AdminOnly title={TITLE} what="the company's audit trail">
      <CompanyAudit />
    </AdminOnly>
  );
}

function CompanyAudit() {
  const { company } = useSession();
  const { query, update, clear } = useAuditSearch();
  const audit = useCompanyAudit(company.id, query, true);
  const clientCell = (row: AuditEntry) =>
    row.clientId === null ? (
      <span className="muted">—</span>
    ) : (
      // The client's record page, with its row actions and its audit trail (issue 13).
      <Link to={recordHref(row.clientId)} aria-label={`Open client ${row.clientName ?? row.clientId}`}>
        {row.clientName ?? `Client ${row.clientId}`}
      </Link>
    );
  return (
    <section className="page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{TITLE}</h1>
        <p className="page__lead">Who did what, and when, in {company.name}: newest first.</p>
      </div>
      <SearchFilters
        idPrefix="audit"
        label="Audit trail filters"
        placeholder="User, client, description…"
        startLabel="From"
        endLabel="To"
        query={query}
        onChange={update}
        onClear={clear}
      />
      {audit.isError && (
        <div className="notice notice--error" role="alert">
          <span>The audit trail could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void audit.refetch()} />
        </div>
      )}
      <p className="muted" role="status" data-testid="audit-total">
        {audit.isPending
          ? LOADING_AUDIT
          : `${(audit.data?.totalElements ?? 0).toLocaleString('en-GB')} ${audit.data?.totalElements === 1 ? 'entry' : 'entries'}`}
      </p>
      <DataTable
        value={audit.isError ? [] : (audit.data?.content ?? [])}
        dataKey="id"
        {...serverPaging(query.page, query.size, audit.data?.totalElements ?? 0, (page, size) =>
          update({ page, size }),
        )}
        loading={audit.isFetching}
        size="small"
        stripedRows
        className="record-table"
        pt={scrollingTablePt('Audit trail')}
        emptyMessage={
          <span data-testid="audit-empty" role="status">
            {audit.isPending ? LOADING_AUDIT : NO_AUDIT}
          </span>
        }
      >
        {auditColumns(company.timeZone, clientCell)}
      </DataTable>
    </section>
  );
}
