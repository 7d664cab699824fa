import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router-dom';
import { useRunInvoices } from '../../../api/billingRuns.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import '../../invoices/invoices.css';
import { formatMoney, type Invoice, type RunSummary } from '@pd/contracts';
import { scrollingTablePt } from '../../../components/a11y.ts';
import { recordHref } from '../../client-record/recordHref.ts';
import { STATUS_LABELS } from '../../invoices/InvoiceTable.tsx';
import { QueryProblem } from './QueryProblem.tsx';
import { runTitle } from './runLabels.ts';

const money = (field: 'totalCents' | 'outstandingCents') => (row: Invoice) =>
  formatMoney(row[field], row.currency);

/** The invoices a run made (billing) or named (unpaid), with loading, empty and error states. */
export function RunInvoicesDialog({ run, onClose }: { run: RunSummary; onClose: () => void }) {
  const { company } = useSession();
  const invoices = useRunInvoices(company.id, run.kind, run.runId);
  const title = runTitle(run);
  const rows = invoices.data ?? [];
  return (
    <Dialog
      visible
      header={title}
      onHide={onClose}
      className="settings-dialog settings-dialog--wide run-invoices-dialog"
      modal
      draggable={false}
      blockScroll
      footer={<Button type="button" label="Close" outlined onClick={onClose} />}
    >
      {invoices.isError ? (
        <QueryProblem query={invoices} what="the invoices of this run" />
      ) : (
        <DataTable
          value={rows}
          dataKey="id"
          paginator={rows.length > 20}
          rows={20}
          size="small"
          stripedRows
          className="record-table invoice-table"
          pt={scrollingTablePt(`Invoices of ${title}`)}
          emptyMessage={
            <span role="status" data-testid="run-invoices-empty">
              {invoices.isPending
                ? 'Loading the invoices. Please wait.'
                : run.kind === 'billing'
                  ? 'This run created no invoices.'
                  : 'This run named no invoices.'}
            </span>
          }
        >
          <Column header="Number" body={(row: Invoice) => row.reference ?? 'Draft'} />
          <Column field="invoiced" header="Invoiced" />
          <Column field="due" header="Due" />
          <Column
            header="Client"
            body={(row: Invoice) => <Link to={recordHref(row.clientId)}>{row.clientName}</Link>}
          />
          <Column
            header="Status"
            body={(row: Invoice) => (
              <span className={`invoice-status invoice-status--${row.status}`}>
                {STATUS_LABELS[row.status]}
              </span>
            )}
          />
          <Column header="Total" body={money('totalCents')} align="right" />
          <Column header="Outstanding" body={money('outstandingCents')} align="right" />
        </DataTable>
      )}
    </Dialog>
  );
}
