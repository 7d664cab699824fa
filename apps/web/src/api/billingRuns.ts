import {
  type BillingSettingsUpdate,
  billingSettingsSchema,
  invoiceSchema,
  type RunInfo,
  runInfoSchema,
  runSummarySchema,
} from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { invoiceKeys } from './invoices.ts';

export type RunKind = 'billing' | 'unpaid';

/** Billing settings, runs and their invoices (Settings > Billing). */
export const billingRunKeys = {
  settings: (companyId: number) => ['billing', companyId, 'settings'] as const,
  runs: (companyId: number) => ['billing', companyId, 'runs'] as const,
  runList: (companyId: number, kind: RunKind) => ['billing', companyId, 'runs', kind] as const,
  // Under invoiceKeys.all, so any invoice change (a payment, a cancellation) reloads an open run too.
  runInvoices: (companyId: number, kind: RunKind, runId: number) =>
    [...invoiceKeys.all, 'run', companyId, kind, runId] as const,
};

const RUN_PATHS: Record<RunKind, string> = { billing: 'billingrun', unpaid: 'unpaidrun' };

export const billingRunsApi = {
  settings: (companyId: number, signal?: AbortSignal) =>
    apiRequest(`/api/billing/settings/${companyId}`, billingSettingsSchema, { signal }),
  updateSettings: (companyId: number, body: BillingSettingsUpdate) =>
    apiRequest(`/api/billing/settings/${companyId}`, billingSettingsSchema, { method: 'PUT', body }),
  runs: (companyId: number, kind: RunKind, signal?: AbortSignal) =>
    apiRequest(`/api/${RUN_PATHS[kind]}/${companyId}`, z.array(runSummarySchema), { signal }),
  runInvoices: (companyId: number, kind: RunKind, runId: number, signal?: AbortSignal) =>
    apiRequest(`/api/invoice1/${companyId}/${RUN_PATHS[kind]}/${runId}`, z.array(invoiceSchema), { signal }),
  /**
   * Both runs answer only when they are done, which can take tens of seconds for a large practice. The
   * client sets no time limit of its own (apiRequest has none), so the answer is awaited however long.
   */
  startBilling: (companyId: number, period: string) =>
    apiRequest(`/api/billingrun/${companyId}`, runInfoSchema, { method: 'POST', body: { period } }),
  startUnpaid: (companyId: number) =>
    apiRequest(`/api/unpaidrun/${companyId}`, runInfoSchema, { method: 'POST' }),
};

export const useBillingSettings = (companyId: number) =>
  useQuery({
    queryKey: billingRunKeys.settings(companyId),
    queryFn: ({ signal }) => billingRunsApi.settings(companyId, signal),
  });

export function useUpdateBillingSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettingsUpdate) => billingRunsApi.updateSettings(companyId, body),
    onSuccess: (settings) => queryClient.setQueryData(billingRunKeys.settings(companyId), settings),
  });
}

export const useRuns = (companyId: number, kind: RunKind) =>
  useQuery({
    queryKey: billingRunKeys.runList(companyId, kind),
    queryFn: ({ signal }) => billingRunsApi.runs(companyId, kind, signal),
  });

export const useRunInvoices = (companyId: number, kind: RunKind, runId: number) =>
  useQuery({
    queryKey: billingRunKeys.runInvoices(companyId, kind, runId),
    queryFn: ({ signal }) => billingRunsApi.runInvoices(companyId, kind, runId, signal),
  });

/** A run changes invoices (and notices), so the run lists and every invoice list reload after it. */
function useRunMutation<A>(companyId: number, start: (args: A) => Promise<RunInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingRunKeys.runs(companyId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]);
    },
  });
}

export const useStartBillingRun = (companyId: number) =>
  useRunMutation(companyId, (period: string) => billingRunsApi.startBilling(companyId, period));

export const useStartUnpaidRun = (companyId: number) =>
  useRunMutation(companyId, () => billingRunsApi.startUnpaid(companyId));
