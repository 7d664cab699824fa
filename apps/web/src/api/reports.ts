import {
  type DebtorsQuery,
  debtorInvoicesSchema,
  debtorsFileName,
  debtorsReportSchema,
  type RevenueQuery,
  revenueFileName,
  revenueReportSchema,
} from '@pd/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { fetchPdf } from './invoices.ts';

/** The report's query as the address and the API take it (absent filters left out). */
export type DebtorsParams = { [K in keyof DebtorsQuery]?: DebtorsQuery[K] };

/** The revenue report's months and grouping as the address and the API take them. */
export type RevenueParams = { [K in keyof RevenueQuery]?: RevenueQuery[K] };

export const queryOf = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(p)) if (value) q.set(key, String(value));
  const text = q.toString();
  return text ? `?${text}` : '';
};

export const reportKeys = {
  debtors: (companyId: number, p: DebtorsParams) => ['reports', 'debtors', companyId, p] as const,
  debtorInvoices: (companyId: number, clientId: number, p: DebtorsParams) =>
    ['reports', 'debtors', companyId, 'client', clientId, p] as const,
  revenue: (companyId: number, p: RevenueParams) => ['reports', 'revenue', companyId, p] as const,
};

/** Issue 19: the debtors' age analysis, its drill-down and its files. */
export const reportsApi = {
  debtors: (companyId: number, p: DebtorsParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/debtors/${companyId}${queryOf(p)}`, debtorsReportSchema, { signal }),
  debtorInvoices: (companyId: number, clientId: number, p: DebtorsParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/debtors/${companyId}/client/${clientId}${queryOf(p)}`, debtorInvoicesSchema, {
      signal,
    }),
  /** The file (CSV or PDF), with the name the server gives it. */
  debtorsFile: (companyId: number, p: DebtorsParams, format: 'csv' | 'pdf', today: string) =>
    fetchPdf(
      `/api/report/debtors/${companyId}/${format}${queryOf(p)}`,
      debtorsFileName(p.asAt ?? today, format),
      {
        headers: { accept: format === 'csv' ? 'text/csv' : 'application/pdf' },
      },
    ),
  /** Issue 19, part 2: revenue per month. */
  revenue: (companyId: number, p: RevenueParams, signal?: AbortSignal) =>
    apiRequest(`/api/report/revenue/${companyId}${queryOf(p)}`, revenueReportSchema, { signal }),
  /** The revenue CSV or PDF; the fallback name is the months shown. */
  revenueFile: (
    companyId: number,
    p: RevenueParams,
    shown: { from: string; to: string },
    format: 'csv' | 'pdf' = 'csv',
  ) =>
    fetchPdf(
      `/api/report/revenue/${companyId}/${format}${queryOf(p)}`,
      revenueFileName(shown.from, shown.to, format),
      { headers: { accept: format === 'csv' ? 'text/csv' : 'application/pdf' } },
    ),
};

export const useDebtorsReport = (companyId: number, p: DebtorsParams) =>
  useQuery({
    queryKey: reportKeys.debtors(companyId, p),
    queryFn: ({ signal }) => reportsApi.debtors(companyId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDebtorInvoices = (companyId: number, clientId: number | null, p: DebtorsParams) =>
  useQuery({
    queryKey: reportKeys.debtorInvoices(companyId, clientId ?? 0, p),
    queryFn: ({ signal }) => reportsApi.debtorInvoices(companyId, clientId ?? 0, p, signal),
    enabled: clientId !== null,
    retry: false,
  });

export const useRevenueReport = (companyId: number, p: RevenueParams) =>
  useQuery({
    queryKey: reportKeys.revenue(companyId, p),
    queryFn: ({ signal }) => reportsApi.revenue(companyId, p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
