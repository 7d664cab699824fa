import '../invoices/invoices.css';
import type { Invoice } from '@pd/contracts';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { type InvoiceListParams, useInvoicePage } from '../../api/invoices.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { CancelInvoiceDialog } from '../invoices/CancelInvoiceDialog.tsx';
import { LOAD_FAILED } from '../invoices/InvoicesPage.tsx';
import { InvoiceTable, LOADING_INVOICES } from '../invoices/InvoiceTable.tsx';
import { PaymentDialog } from '../invoices/PaymentDialog.tsx';
import { invoicesHref } from '../invoices/useInvoiceSearch.ts';

/** The client's invoices, newest invoiced first, with the Invoices page's row actions. */
export function ClientInvoices({ clientId }: { clientId: number }) {
  const { user, company } = useSession();
  const toast = useToast();
  const [query, setQuery] = useState<InvoiceListParams>({
    status: 'all',
    clientId,
    sortField: 'invoiced',
    sortOrder: 'desc',
    page: 1,
    size: 10,
  });
  const onFailure = useCallback(() => toast.error(LOAD_FAILED), [toast]);
  const invoices = useInvoicePage(company.id, query, onFailure);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const total = invoices.data?.totalElements ?? 0;
  return (
    <section className="record-section" aria-labelledby="record-invoices-heading">
      <div className="record-section__header">
        <h2 id="record-invoices-heading">Invoices</h2>
        <p className="muted" role="status" data-testid="invoices-total">
          {invoices.isPending
            ? LOADING_INVOICES
            : `${total.toLocaleString('en-GB')} ${total === 1 ? 'invoice' : 'invoices'}`}
        </p>
        <Link to={invoicesHref(clientId)}>Search them on the Invoices page</Link>
      </div>
      <InvoiceTable
        query={query}
        page={invoices.data}
        loading={invoices.isFetching}
        onChange={(changes) => setQuery((q) => ({ ...q, page: 1, ...changes }) as InvoiceListParams)}
        mayWrite={user.enableInvoicing !== 'N'}
        onPay={setPaying}
        onCancel={setCancelling}
      />
      {paying && <PaymentDialog invoice={paying} onHide={() => setPaying(null)} />}
      {cancelling && <CancelInvoiceDialog invoice={cancelling} onHide={() => setCancelling(null)} />}
    </section>
  );
}
