import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  errorBodySchema,
  IDEMPOTENCY_HEADER,
  type InvoiceCreate,
  type InvoiceFilters,
  type InvoiceList,
  type InvoicePage,
  type InvoiceSortField,
  invoiceDetailSchema,
  invoicePageSchema,
  invoiceTotalsSchema,
  type PaymentInput,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiCommand, apiRequest, GENERIC_FAILURE } from './client.ts';
import { listSearchParams } from './clients.ts';

/** The lazy list's query as the Invoices page holds it (spec section 7: page is 1-based). */
export interface InvoiceListParams {
  status: InvoiceList;
  clientId?: number;
  search?: string;
  start?: string;
  end?: string;
  sortField: InvoiceSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  size: number;
}

/** Every invoice cache key starts with 'invoices', so one invalidation reloads every list. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (companyId: number, params: InvoiceListParams) => ['invoices', 'list', companyId, params] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
};

/** A message queued for delivery (202). */
export const queuedSchema = z.object({ messageId: z.number().int() });

const EMPTY_PAGE: InvoicePage = { data: [], totalElements: 0 };

function lazyQuery(params: InvoiceListParams): URLSearchParams {
  const { status, clientId, ...rest } = params;
  const filters: InvoiceFilters = { status, ...(clientId === undefined ? {} : { clientId }) };
  return listSearchParams({ ...rest, filters: JSON.stringify(filters) });
}

/** The file name the server gives in Content-Disposition (attachment; filename="INV-000042.pdf"). */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** A PDF answer as a blob with its file name; a refusal keeps the server's error code. */
export async function fetchPdf(path: string, fallbackName: string, init: RequestInit = {}) {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/pdf', [CSRF_HEADER]: CSRF_HEADER_VALUE, ...init.headers },
  });
  if (!response.ok) {
    // The refusal's own code, message and field errors, as for every other call.
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ApiError(response.status, 'BAD_RESPONSE', GENERIC_FAILURE);
    const { code, message, fields } = parsed.data;
    throw new ApiError(response.status, code, message, fields);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
}

export const invoicesApi = {
  page: (companyId: number, params: InvoiceListParams, signal?: AbortSignal) =>
    apiRequest(`/api/invoice1/all/lazyloading/${companyId}?${lazyQuery(params)}`, invoicePageSchema, {
      signal,
    }),
  /** Every list's count, total and outstanding under the same search, client and dates (issue 13). */
  totals: (companyId: number, params: InvoiceListParams, signal?: AbortSignal) =>
    apiRequest(
      `/api/invoice1/all/totals/${companyId}?${lazyQuery({ ...params, status: 'all', page: 1 })}`,
      invoiceTotalsSchema,
      { signal },
    ),
  /** One invoice with its lines and payments. */
  detail: (id: number, signal?: AbortSignal) =>
    apiRequest(`/api/invoice1/specific/${id}`, invoiceDetailSchema, { signal }),
  create: (companyId: number, body: InvoiceCreate) =>
    apiRequest(`/api/invoice1/${companyId}`, invoiceDetailSchema, { method: 'POST', body }),
  pay: (id: number, body: PaymentInput) =>
    apiRequest(`/api/invoice1/payment/${id}`, invoiceDetailSchema, { method: 'POST', body }),
  cancel: (id: number) => apiCommand(`/api/invoice1/${id}`, { method: 'DELETE' }),
  download: (id: number) => fetchPdf(`/api/invoice1/download/${id}`, `invoice-${id}.pdf`),
  /** The PDF to whom the invoice is billed, with the server's covering note (queued: 202). */
  email: (id: number, key: string) =>
    apiRequest(`/api/invoice1/email/${id}`, queuedSchema, {
      method: 'POST',
      body: {},
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
};

/**
 * Spec section 8: a failed lazy load is logged and yields an empty list and total 0. `onFailure` lets the
 * page say so (a toast) as well.
 */
export const useInvoicePage = (companyId: number, params: InvoiceListParams, onFailure: () => void) =>
  useQuery({
    queryKey: invoiceKeys.list(companyId, params),
    queryFn: async ({ signal }) => {
      try {
        return await invoicesApi.page(companyId, params, signal);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.error('Loading invoices failed', error);
        onFailure();
        return EMPTY_PAGE;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The tabs' figures; the page and sort do not change them, so they are not in the key. */
export const useInvoiceTotals = (companyId: number, params: InvoiceListParams) => {
  const { clientId, search, start, end } = params;
  const filters = { status: 'all' as const, clientId, search, start, end, sortField: 'invoiced' as const };
  return useQuery({
    queryKey: [...invoiceKeys.all, 'totals', companyId, filters],
    queryFn: ({ signal }) =>
      invoicesApi.totals(companyId, { ...filters, sortOrder: 'desc', page: 1, size: 10 }, signal),
    placeholderData: keepPreviousData,
  });
};

/** Any change to an invoice reloads the company's invoice lists (spec section 7: after Create invoice). */
function useInvoiceMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useCreateInvoice = (companyId: number) =>
  useInvoiceMutation((body: InvoiceCreate) => invoicesApi.create(companyId, body));

export const useRecordPayment = () =>
  useInvoiceMutation(({ id, body }: { id: number; body: PaymentInput }) => invoicesApi.pay(id, body));

export const useCancelInvoice = () => useInvoiceMutation((id: number) => invoicesApi.cancel(id));
