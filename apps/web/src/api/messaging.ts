import {
  type AuditTrailInput,
  auditEntrySchema,
  bulkSmsPreviewSchema,
  bulkSmsResultSchema,
  creditAccountSchema,
  creditLedgerEntrySchema,
  type DeliveryProviders,
  deliveryProvidersSchema,
  IDEMPOTENCY_HEADER,
  outboxMessageSchema,
  outboxPageSchema,
  pageOf,
  type SendEmail,
  type SendSms,
  type smsSettingsSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { z } from 'zod';
import { ApiError, apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

export type SmsSettings = z.infer<typeof smsSettingsSchema>;
export type TopUp = { amountCents: number; note?: string };

const auditPageSchema = pageOf(auditEntrySchema);
const ledgerPageSchema = pageOf(creditLedgerEntrySchema);

export interface AuditQuery {
  search?: string;
  start?: string;
  end?: string;
  clientId?: number;
  page: number;
  size: number;
}
export interface OutboxQuery {
  status?: string;
  channel?: string;
  page: number;
  size: number;
}

/** Query string without the empty values. */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

const withKey = (key: string | undefined) => (key ? { [IDEMPOTENCY_HEADER]: key } : undefined);

export const messagingApi = {
  sendEmail: (clientId: number, body: SendEmail, key?: string) =>
    apiRequest(`/api/client1/${clientId}/email`, outboxMessageSchema, {
      method: 'POST',
      body,
      headers: withKey(key),
    }),
  sendSms: (clientId: number, body: SendSms, key?: string) =>
    apiRequest(`/api/client1/${clientId}/sms`, outboxMessageSchema, {
      method: 'POST',
      body,
      headers: withKey(key),
    }),
  bulkPreview: (companyId: number, message: string, signal?: AbortSignal) =>
    apiRequest(
      `/api/client1/company/${companyId}/bulksms/preview?${queryString({ message })}`,
      bulkSmsPreviewSchema,
      { signal },
    ),
  bulkSms: (companyId: number, message: string, key: string) =>
    apiRequest(`/api/client1/company/${companyId}/bulksms`, bulkSmsResultSchema, {
      method: 'POST',
      body: { message },
      headers: withKey(key),
    }),
  clientAudit: (clientId: number, signal?: AbortSignal) =>
    apiRequest(`/api/client1/${clientId}/audittrail`, z.array(auditEntrySchema), { signal }),
  addAudit: (clientId: number, body: AuditTrailInput) =>
    apiRequest(`/api/client1/${clientId}/audittrail`, auditEntrySchema, { method: 'POST', body }),
  companyAudit: (companyId: number, query: AuditQuery, signal?: AbortSignal) =>
    apiRequest(`/api/audit/company/${companyId}?${queryString(query)}`, auditPageSchema, { signal }),
  outbox: (companyId: number, query: OutboxQuery, signal?: AbortSignal) =>
    apiRequest(`/api/message1/company/${companyId}?${queryString(query)}`, outboxPageSchema, { signal }),
  credit: (companyId: number, signal?: AbortSignal) =>
    apiRequest(`/api/credit/${companyId}`, creditAccountSchema, { signal }),
  ledger: (companyId: number, page: number, size: number, signal?: AbortSignal) =>
    apiRequest(`/api/credit/${companyId}/ledger?${queryString({ page, size })}`, ledgerPageSchema, {
      signal,
    }),
  topUp: (companyId: number, body: TopUp, key: string) =>
    apiRequest(`/api/credit/${companyId}/topup`, creditAccountSchema, {
      method: 'POST',
      body,
      headers: withKey(key),
    }),
  updateSettings: (companyId: number, body: SmsSettings) =>
    apiRequest(`/api/credit/${companyId}/settings`, creditAccountSchema, { method: 'PUT', body }),
};

/** The client audit list sits under the clients root, so the Clients page's invalidation reaches it. */
export const messagingKeys = {
  clientAudit: (clientId: number) => [CLIENTS_QUERY_ROOT, 'audit', clientId] as const,
  companyAudit: (companyId: number, query?: AuditQuery) =>
    query ? (['audit', companyId, query] as const) : (['audit', companyId] as const),
  outbox: (companyId: number, query?: OutboxQuery) =>
    query ? (['outbox', companyId, query] as const) : (['outbox', companyId] as const),
  credit: (companyId: number) => ['credit', companyId] as const,
  ledger: (companyId: number, page?: number, size?: number) =>
    page === undefined
      ? (['credit', companyId, 'ledger'] as const)
      : ['credit', companyId, 'ledger', page, size],
  bulkPreview: (companyId: number, message: string) => ['bulksms', companyId, message] as const,
};

export const useCredit = (companyId: number) =>
  useQuery({
    queryKey: messagingKeys.credit(companyId),
    queryFn: ({ signal }) => messagingApi.credit(companyId, signal),
  });

export const useCreditLedger = (companyId: number, page: number, size: number, enabled: boolean) =>
  useQuery({
    queryKey: messagingKeys.ledger(companyId, page, size),
    queryFn: ({ signal }) => messagingApi.ledger(companyId, page, size, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useClientAudit = (clientId: number) =>
  useQuery({
    queryKey: messagingKeys.clientAudit(clientId),
    queryFn: ({ signal }) => messagingApi.clientAudit(clientId, signal),
  });

export const useCompanyAudit = (companyId: number, query: AuditQuery, enabled: boolean) =>
  useQuery({
    queryKey: messagingKeys.companyAudit(companyId, query),
    queryFn: ({ signal }) => messagingApi.companyAudit(companyId, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOutbox = (companyId: number, query: OutboxQuery, enabled: boolean) =>
  useQuery({
    queryKey: messagingKeys.outbox(companyId, query),
    queryFn: ({ signal }) => messagingApi.outbox(companyId, query, signal),
    placeholderData: keepPreviousData,
    enabled,
    // While messages shown are on their way, follow them.
    refetchInterval: (q) =>
      q.state.data?.content.some((m) => m.status === 'queued' || m.status === 'sending') ? 3000 : false,
  });

/** The figures of a bulk SMS before it is sent; `message` is the debounced text (nothing while empty). */
export const useBulkSmsPreview = (companyId: number, message: string) =>
  useQuery({
    queryKey: messagingKeys.bulkPreview(companyId, message),
    queryFn: ({ signal }) => messagingApi.bulkPreview(companyId, message, signal),
    enabled: message.trim() !== '',
    placeholderData: keepPreviousData,
    // Credit and clients change underneath: a preview is only as good as its last answer.
    staleTime: 0,
    gcTime: 30_000,
  });

/** A send without a definite answer is repeated (same variables, so the same Idempotency-Key) twice at most. */
const RESEND = {
  retry: (failures: number, error: unknown) => failures < 2 && isTransient(error),
  retryDelay: 1000,
};

/** After anything that spends or adds credit, the balance, ledger and outbox are out of date. */
export function useCreditChanged(companyId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['credit', companyId] });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.outbox(companyId) });
    void queryClient.invalidateQueries({ queryKey: ['bulksms', companyId] });
  };
}

export function useSendEmail(companyId: number, clientId: number) {
  const changed = useCreditChanged(companyId);
  return useMutation({
    mutationFn: ({ body, key }: { body: SendEmail; key: string }) =>
      messagingApi.sendEmail(clientId, body, key),
    ...RESEND,
    onSuccess: changed,
  });
}

export function useSendSms(companyId: number, clientId: number) {
  const changed = useCreditChanged(companyId);
  return useMutation({
    mutationFn: ({ body, key }: { body: SendSms; key: string }) => messagingApi.sendSms(clientId, body, key),
    ...RESEND,
    onSuccess: changed,
  });
}

export function useBulkSms(companyId: number) {
  const changed = useCreditChanged(companyId);
  return useMutation({
    mutationFn: ({ message, key }: { message: string; key: string }) =>
      messagingApi.bulkSms(companyId, message, key),
    ...RESEND,
    // A refused send may still mean the balance moved (someone else spent it): refresh either way.
    onSettled: changed,
  });
}

export function useAddAudit(companyId: number, clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditTrailInput) => messagingApi.addAudit(clientId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.clientAudit(clientId) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.companyAudit(companyId) });
    },
  });
}

export function useTopUp(companyId: number) {
  const queryClient = useQueryClient();
  const changed = useCreditChanged(companyId);
  return useMutation({
    mutationFn: ({ body, key }: { body: TopUp; key: string }) => messagingApi.topUp(companyId, body, key),
    ...RESEND,
    onSuccess: (account) => {
      queryClient.setQueryData(messagingKeys.credit(companyId), account);
      changed();
      // Every top-up is in the audit trail.
      void queryClient.invalidateQueries({ queryKey: messagingKeys.companyAudit(companyId) });
    },
  });
}

export function useUpdateSmsSettings(companyId: number) {
  const queryClient = useQueryClient();
  const changed = useCreditChanged(companyId);
  return useMutation({
    mutationFn: (body: SmsSettings) => messagingApi.updateSettings(companyId, body),
    onSuccess: (account) => {
      queryClient.setQueryData(messagingKeys.credit(companyId), account);
      changed();
    },
  });
}

/** 128 random bits from crypto.getRandomValues, which pages on plain HTTP have too (randomUUID needs HTTPS). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The server answered (a refusal is final); no answer, or a 5xx, may mean the send went through. */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A send that failed without a definite answer: worth repeating with the same key. */
export const isTransient = (error: unknown) => error instanceof ApiError && !answered(error);

/**
 * One Idempotency-Key per submission: repeating the same content after a failure without a definite answer
 * reuses it (the server charges and sends once); a success or a refusal ends the submission, so the next
 * one, even with the same content, is a new send.
 */
export function useIdempotentSend() {
  const current = useRef<{ content: string; key: string } | null>(null);
  return useCallback(async <T>(content: string, send: (key: string) => Promise<T>): Promise<T> => {
    if (current.current?.content !== content) current.current = { content, key: newIdempotencyKey() };
    try {
      const result = await send(current.current.key);
      current.current = null;
      return result;
    } catch (error) {
      if (answered(error)) current.current = null;
      throw error;
    }
  }, []);
}

/**
 * Issue 13: whether a provider delivers each channel. Until the answer arrives (or when it fails) the app
 * assumes one does, so it never claims a delivery failed that did not.
 */
export function useDeliveryProviders(): DeliveryProviders {
  const query = useQuery({
    queryKey: ['messaging', 'delivery'],
    queryFn: () => apiRequest('/api/message1/delivery', deliveryProvidersSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? { email: true, sms: true };
}
