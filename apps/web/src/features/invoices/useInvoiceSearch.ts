import { INVOICE_LISTS, INVOICE_PAGE_SIZES, INVOICE_SORT_FIELDS, type InvoiceList } from '@pd/contracts';
import { useSearchParams } from 'react-router-dom';
import type { InvoiceListParams } from '../../api/invoices.ts';

export const INVOICES_ROUTE = '/commonInvoices';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The Invoices page, optionally restricted to one client (inputClientId, as the Clients page takes it). */
export const invoicesHref = (clientId?: number): string =>
  clientId === undefined ? INVOICES_ROUTE : `${INVOICES_ROUTE}?inputClientId=${clientId}`;

const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * The list's status tab, client, search, dates, sort and page live in the address, so reload, back and a
 * link from a client's row keep them. Defaults: every invoice, invoiced descending (spec section 9), 10 a page.
 */
export function useInvoiceSearch() {
  const [params, setParams] = useSearchParams();
  const date = (name: string) => {
    const value = params.get(name);
    return value && ISO_DATE.test(value) ? value : undefined;
  };
  const page = Number(params.get('page'));
  const client = Number(params.get('inputClientId'));
  const query: InvoiceListParams = {
    status: oneOf<InvoiceList>(INVOICE_LISTS, params.get('status'), 'all'),
    clientId: Number.isInteger(client) && client > 0 ? client : undefined,
    search: params.get('search')?.trim() || undefined,
    start: date('start'),
    end: date('end'),
    sortField: oneOf(INVOICE_SORT_FIELDS, params.get('sortField'), 'invoiced'),
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: oneOf<number>(INVOICE_PAGE_SIZES, Number(params.get('size')), 10),
  };

  /** Changes some values; any change but the page goes back to page 1. */
  const update = (
    changes: Partial<Record<keyof InvoiceListParams | 'inputClientId', string | number | undefined>>,
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  /** Clears search, dates and sort; the status tab and the client stay. */
  const clear = () => {
    const next = new URLSearchParams();
    if (query.status !== 'all') next.set('status', query.status);
    if (query.clientId !== undefined) next.set('inputClientId', String(query.clientId));
    setParams(next, { replace: true });
  };

  return { query, update, clear };
}
