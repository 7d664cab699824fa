import { clientAccountSchema, outboxPageSchema } from '@pd/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { invoiceKeys } from './invoices.ts';

/** The calls only a client's record page makes (issue 13). */
export const clientRecordApi = {
  account: (clientId: number, signal?: AbortSignal) =>
    apiRequest(`/api/statement/${clientId}/account`, clientAccountSchema, { signal }),
  messages: (clientId: number, page: number, size: number, signal?: AbortSignal) =>
    apiRequest(`/api/client1/${clientId}/messages?page=${page}&size=${size}`, outboxPageSchema, { signal }),
};

/** Under the invoice keys: a payment, a new or a cancelled invoice reloads the figures with the lists. */
export const useClientAccount = (clientId: number) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'account', clientId],
    queryFn: ({ signal }) => clientRecordApi.account(clientId, signal),
    // Back from a panel (an invoice, a payment), the figures are read again.
    staleTime: 0,
  });

export const useClientMessages = (clientId: number, page: number, size: number) =>
  useQuery({
    queryKey: ['outbox', 'client', clientId, page, size],
    queryFn: ({ signal }) => clientRecordApi.messages(clientId, page, size, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // While messages shown are on their way, follow them (as the outbox does).
    refetchInterval: (q) =>
      q.state.data?.content.some((m) => m.status === 'queued' || m.status === 'sending') ? 3000 : false,
  });
