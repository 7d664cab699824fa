import { formatDateTimeIn, type RunSummary, type User } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useRuns } from '../../../api/billingRuns.ts';
import { useCompanyUsers } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../../components/a11y.ts';
import { count } from './billingSchemas.ts';
import { RunInvoicesDialog } from './RunInvoicesDialog.tsx';
import { KIND_LABELS, periodLabel, runTitle, statusLabel } from './runLabels.ts';

const rowKey = (run: RunSummary) => `${run.kind}-${run.runId}`;

type Row = RunSummary & { key: string; startedByName: string | null };

function createdText(run: RunSummary): string {
  return count(run.created, run.kind === 'billing' ? 'invoice' : 'notice');
}

/** Billing and unpaid runs together, newest first; each opens to list its invoices. */
export function RunsTable() {
  const { company } = useSession();
  const billing = useRuns(company.id, 'billing');
  const unpaid = useRuns(company.id, 'unpaid');
  const users = useCompanyUsers(company.id);
  const [open, setOpen] = useState<RunSummary | null>(null);

  // The names go into the rows themselves: the table redraws a cell when its row changes, not its renderer.
  const runs = useMemo(() => {
    const names = new Map((users.data ?? []).map((u: User) => [u.id, u.displayName || u.username]));
    const by = (id: number | null) => (id === null ? null : (names.get(id) ?? `User ${id}`));
    return [...(billing.data ?? []), ...(unpaid.data ?? [])]
      .map((run): Row => ({ ...run, key: rowKey(run), startedByName: by(run.startedBy) }))
      .sort((a, b) => b.started.localeCompare(a.started) || b.runId - a.runId);
  }, [billing.data, unpaid.data, users.data]);
  const failed = billing.isError || unpaid.isError;
  const pending = billing.isPending || unpaid.isPending;
  const startedBy = (run: Row) => run.startedByName ?? <span className="muted">Monthly schedule</span>;

  return (
    <section className="credit-ledger run-list" aria-labelledby="run-list-title">
      <h3 id="run-list-title">Recent runs</h3>
      {failed && (
        <div className="notice notice--error" role="alert">
          <span>The runs could not be loaded.</span>
          <Button
            type="button"
            label="Try again"
            size="small"
            text
            onClick={() => {
              void billing.refetch();
              void unpaid.refetch();
            }}
          />
        </div>
      )}
      <DataTable
        value={runs}
        dataKey="key"
        paginator={runs.length > 20}
        rows={20}
        loading={billing.isFetching || unpaid.isFetching}
        size="small"
        stripedRows
        className="record-table settings-table"
        pt={scrollingTablePt('Recent runs')}
        emptyMessage={
          <span role="status" data-testid="runs-empty">
            {pending ? 'Loading the runs. Please wait.' : failed ? 'No runs to show.' : 'No runs yet.'}
          </span>
        }
      >
        <Column header="Kind" body={(run: RunSummary) => KIND_LABELS[run.kind]} />
        <Column header="Period" body={periodLabel} />
        <Column
          header="Status"
          body={(run: RunSummary) =>
            run.status === 'failed' && run.error ? (
              <span title={run.error}>{statusLabel(run.status)}</span>
            ) : (
              statusLabel(run.status)
            )
          }
        />
        <Column header="Created" body={createdText} />
        <Column header="Started by" body={startedBy} />
        <Column
          header="Started"
          body={(run: RunSummary) => formatDateTimeIn(run.started, company.timeZone)}
          bodyClassName="cell-nowrap"
        />
        <Column
          header="Invoices"
          body={(run: RunSummary) => (
            <Button
              type="button"
              label="Open"
              icon="pi pi-list"
              text
              size="small"
              aria-label={`Open ${runTitle(run)}`}
              onClick={() => setOpen(run)}
            />
          )}
        />
      </DataTable>
      {open && <RunInvoicesDialog run={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
