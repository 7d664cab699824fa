import '../../styles/client-records.css';
import '../../styles/messaging.css';
import './invoices.css';
import { CLIENT_TABS, formatMoney, INVOICE_LISTS, type Invoice } from '@pd/contracts';
import { Button } from 'primereact/button';
import { TabMenu } from 'primereact/tabmenu';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useClient } from '../../api/clients.ts';
import { useInvoicePage, useInvoiceTotals } from '../../api/invoices.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { SearchFilters } from '../../components/SearchFilters.tsx';
import { useCurrency } from '../../lib/company.ts';
import { clientsHref } from '../clients/tabs.ts';
import type { PanelState } from '../clients/useClientsRoute.ts';
import { REPORTS_ROUTE, useMayReadDebtors } from '../reports/useDebtorsSearch.ts';
import { CancelInvoiceDialog } from './CancelInvoiceDialog.tsx';
import { InvoiceFigures } from './InvoiceFigures.tsx';
import { InvoiceTable, LOADING_INVOICES, STATUS_LABELS } from './InvoiceTable.tsx';
import { NewInvoiceDialog } from './NewInvoiceDialog.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { useInvoiceSearch } from './useInvoiceSearch.ts';

const TITLE = 'Invoices';
export const LOAD_FAILED = 'The invoices could not be loaded.';
const TABS = INVOICE_LISTS.map((list) => ({ list, label: list === 'all' ? 'All' : STATUS_LABELS[list] }));

/** /#/commonInvoices: the company's invoices by status, paged by the server, newest invoiced first. */
export function InvoicesPage() {
  usePageTitle(TITLE);
  const { user, company } = useSession();
  const toast = useToast();
  const { query, update, clear } = useInvoiceSearch();
  const location = useLocation();
  // The statement panel comes back here (issue 13: return where the user came from).
  const back: PanelState = { returnTo: `${location.pathname}${location.search}` };
  const onFailure = useCallback(() => toast.error(LOAD_FAILED), [toast]);
  const invoices = useInvoicePage(company.id, query, onFailure);
  const client = useClient(query.clientId);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const currency = useCurrency();
  const totals = useInvoiceTotals(company.id, query);
  const tab = totals.data?.find((t) => t.list === query.status);
  const total = invoices.data?.totalElements ?? 0;
  const mayWrite = user.enableInvoicing !== 'N';
  const mayReadDebtors = useMayReadDebtors();
  const newInvoice = () =>
    query.clientId === undefined
      ? setCreating(true)
      : navigate(clientsHref(CLIENT_TABS.createInvoice, query.clientId));
  return (
    <section className="page invoices-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{TITLE}</h1>
        <p className="page__lead">Invoices of {company.name}: newest invoiced first.</p>
        {mayWrite && (
          <Button type="button" label="New invoice" icon="pi pi-plus" size="small" onClick={newInvoice} />
        )}
        {mayReadDebtors && (
          // Issue 19: the debtors' report is also for users who may invoice, who have no Reports link.
          <Link to={REPORTS_ROUTE} className="p-button p-button-outlined p-button-sm no-underline">
            <span className="p-button-icon p-button-icon-left pi pi-chart-bar" aria-hidden="true" />
            <span className="p-button-label">Debtors' age analysis</span>
          </Link>
        )}
      </div>
      {query.clientId !== undefined && (
        <div className="notice notice--info" data-testid="one-client">
          <span className="pi pi-user" aria-hidden="true" />
          <span>Invoices of {client.data?.name ?? `client ${query.clientId}`}.</span>
          {/* Tab 12 has no row action in the spec's list; the client's invoices lead to it. */}
          <Link
            to={clientsHref(CLIENT_TABS.statement, query.clientId)}
            state={back}
            className="p-button p-button-text p-button-sm no-underline"
          >
            <span className="p-button-icon p-button-icon-left pi pi-file-export" aria-hidden="true" />
            <span className="p-button-label">Send statement</span>
          </Link>
          <Button
            type="button"
            label="Show all"
            size="small"
            text
            onClick={() => update({ inputClientId: undefined })}
          />
        </div>
      )}
      <TabMenu
        model={TABS.map(({ label }) => ({ label }))}
        activeIndex={TABS.findIndex((t) => t.list === query.status)}
        onTabChange={(e) => update({ status: TABS[e.index]?.list })}
        aria-label="Invoice status"
        className="invoice-tabs"
      />
      <InvoiceFigures tabs={TABS} totals={totals.data} active={query.status} currency={currency} />
      <SearchFilters
        idPrefix="invoices"
        label="Invoice filters"
        placeholder="Client or invoice number"
        startLabel="Invoiced from"
        endLabel="Invoiced to"
        query={query}
        onChange={update}
        onClear={clear}
      />
      <p className="muted" role="status" data-testid="invoices-total">
        {invoices.isPending
          ? LOADING_INVOICES
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'invoice' : 'invoices'}`}
        {!invoices.isPending && total > 0 && tab && tab.count > 0 && (
          <span data-testid="invoices-figures">
            {` · total ${formatMoney(tab.totalCents, currency)} · outstanding ${formatMoney(tab.outstandingCents, currency)}`}
          </span>
        )}
      </p>
      <InvoiceTable
        query={query}
        page={invoices.data}
        loading={invoices.isFetching}
        onChange={update}
        mayWrite={mayWrite}
        onPay={setPaying}
        onCancel={setCancelling}
      />
      {paying && <PaymentDialog invoice={paying} onHide={() => setPaying(null)} />}
      {creating && <NewInvoiceDialog onHide={() => setCreating(false)} />}
      {cancelling && <CancelInvoiceDialog invoice={cancelling} onHide={() => setCancelling(null)} />}
    </section>
  );
}
