import {
  formatMoney,
  type Invoice,
  type InvoicePage,
  type InvoiceSortField,
  type InvoiceStatus,
  withDeliveryNote,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableValueArray } from 'primereact/datatable';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { type InvoiceListParams, invoicesApi } from '../../api/invoices.ts';
import { useDeliveryProviders, useIdempotentSend } from '../../api/messaging.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { saveBlob } from '../../lib/saveFile.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { InvoiceLines } from './InvoiceLines.tsx';

export const LOADING_INVOICES = 'Loading invoices. Please wait.';
export const NO_INVOICES = 'No invoices found.';
export const DOWNLOAD_FAILED = 'Failed to download invoice. Please try again.';
export const INVOICE_EMAILED = 'Emailed invoice.';
export const EMAIL_FAILED = 'Failed to email invoice. Please try again.';
const PAGE_SIZES = [10, 20, 50, 100];

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  unpaid: 'Unpaid',
  paid: 'Paid',
  archived: 'Archived',
  cancelled: 'Cancelled',
};

export interface InvoiceActions {
  /** Writes need invoicing enabled for the user (enableInvoicing not N). */
  mayWrite: boolean;
  onPay: (invoice: Invoice) => void;
  onCancel: (invoice: Invoice) => void;
}

interface InvoiceTableProps extends InvoiceActions {
  query: InvoiceListParams;
  page: InvoicePage | undefined;
  loading: boolean;
  onChange: (changes: Partial<Record<keyof InvoiceListParams, string | number>>) => void;
}

const payable = (i: Invoice) => ['active', 'unpaid', 'archived'].includes(i.status) && i.outstandingCents > 0;
const cancellable = (i: Invoice) => i.status !== 'cancelled' && i.status !== 'paid' && i.paidCents === 0;

function RowButtons({ invoice, mayWrite, onPay, onCancel }: InvoiceActions & { invoice: Invoice }) {
  const toast = useToast();
  const name = invoice.reference ?? `draft ${invoice.id}`;
  const [busy, setBusy] = useState<'download' | 'email' | null>(null);
  const once = useIdempotentSend();
  const providers = useDeliveryProviders();
  const download = async () => {
    setBusy('download');
    try {
      const { blob, fileName } = await invoicesApi.download(invoice.id);
      saveBlob(blob, fileName);
    } catch (error) {
      console.error('Downloading the invoice failed', error);
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setBusy(null);
    }
  };
  const email = async () => {
    setBusy('email');
    try {
      await once(String(invoice.id), (key) => invoicesApi.email(invoice.id, key));
      toast.success(withDeliveryNote(INVOICE_EMAILED, 'email', providers.email));
    } catch (error) {
      console.error('E-mailing the invoice failed', error);
      // The server's reason (e.g. no e-mail address) says more than the generic failure.
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : EMAIL_FAILED);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="invoice-actions">
      {invoice.reference && (
        <Button
          type="button"
          icon="pi pi-download"
          label="Download"
          text
          size="small"
          loading={busy === 'download'}
          aria-label={`Download ${name}`}
          title="Download PDF"
          onClick={() => void download()}
        />
      )}
      {invoice.reference && invoice.status !== 'cancelled' && (
        <Button
          type="button"
          icon="pi pi-envelope"
          label="E-mail"
          text
          size="small"
          loading={busy === 'email'}
          aria-label={`E-mail ${name}`}
          title="E-mail the PDF to the client"
          onClick={() => void email()}
        />
      )}
      {mayWrite && payable(invoice) && (
        <Button
          type="button"
          icon="pi pi-wallet"
          label="Record payment"
          text
          size="small"
          aria-label={`Record payment for ${name}`}
          title="Record payment"
          onClick={() => onPay(invoice)}
        />
      )}
      {mayWrite && cancellable(invoice) && (
        <Button
          type="button"
          icon="pi pi-ban"
          label={invoice.status === 'draft' ? 'Delete' : 'Cancel'}
          text
          size="small"
          severity="danger"
          aria-label={`${invoice.status === 'draft' ? 'Delete' : 'Cancel'} ${name}`}
          title={invoice.status === 'draft' ? 'Delete draft' : 'Cancel invoice'}
          onClick={() => onCancel(invoice)}
        />
      )}
    </div>
  );
}

/** The lazy invoice table: the server pages and sorts (one column at a time, as the API takes it). */
export function InvoiceTable({ query, page, loading, onChange, ...actions }: InvoiceTableProps) {
  const money = (field: 'totalCents' | 'outstandingCents') => (row: Invoice) =>
    formatMoney(row[field], row.currency);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | DataTableValueArray | undefined>();
  return (
    <DataTable
      value={page?.data ?? []}
      dataKey="id"
      expandedRows={expanded}
      onRowToggle={(e) => setExpanded(e.data)}
      rowExpansionTemplate={(row: Invoice) => <InvoiceLines invoiceId={row.id} currency={row.currency} />}
      lazy
      paginator
      first={(query.page - 1) * query.size}
      rows={query.size}
      totalRecords={page?.totalElements ?? 0}
      rowsPerPageOptions={PAGE_SIZES}
      onPage={(e) => onChange({ page: Math.floor(e.first / e.rows) + 1, size: e.rows })}
      sortField={query.sortField}
      sortOrder={query.sortOrder === 'asc' ? 1 : -1}
      onSort={(e) =>
        onChange({
          sortField: e.sortField as InvoiceSortField,
          sortOrder: e.sortOrder === 1 ? 'asc' : 'desc',
        })
      }
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first}–{last} of {totalRecords}"
      loading={loading}
      size="small"
      stripedRows
      className="record-table invoice-table"
      pt={scrollingTablePt('Invoices')}
      emptyMessage={
        <span data-testid="invoices-empty" role="status">
          {loading ? LOADING_INVOICES : NO_INVOICES}
        </span>
      }
    >
      <Column expander style={{ width: '3rem' }} />
      <Column field="number" header="Number" sortable body={(row: Invoice) => row.reference ?? 'Draft'} />
      <Column field="invoiced" header="Invoiced" sortable />
      <Column field="due" header="Due" sortable />
      <Column
        field="clientName"
        header="Client"
        sortable
        body={(row: Invoice) => <Link to={recordHref(row.clientId)}>{row.clientName}</Link>}
      />
      <Column
        field="status"
        header="Status"
        sortable
        body={(row: Invoice) => (
          <span className={`invoice-status invoice-status--${row.status}`}>{STATUS_LABELS[row.status]}</span>
        )}
      />
      <Column field="totalCents" header="Total" sortable body={money('totalCents')} align="right" />
      <Column
        field="outstandingCents"
        header="Outstanding"
        sortable
        body={money('outstandingCents')}
        align="right"
      />
      <Column header="Actions" body={(row: Invoice) => <RowButtons invoice={row} {...actions} />} />
    </DataTable>
  );
}
