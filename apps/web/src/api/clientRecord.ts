import { clientAccountSchema, outboxPageSchema, type TimelineKind, timelinePageSchema } from '@pd/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { invoiceKeys } from './invoices.ts';

/** Timeline entries per "Load more". */
export const TIMELINE_PAGE = 20;

/** The calls only a client's record page makes (issue 13). */
export const clientRecordApi = {
  account: (clientId: number, signal?: AbortSignal) =>
    apiRequest(`/api/statement/${clientId}/account`, clientAccountSchema, { signal }),
  messages: (clientId: number, page: number, size: number, signal?: AbortSignal) =>
    apiRequest(`/api/client1/${clientId}/messages?page=${page}&size=${size}`, outboxPageSchema, { signal }),
  timeline: (
    clientId: number,
    kinds: readonly TimelineKind[],
    cursor: string | null,
    signal?: AbortSignal,
  ) => {
    const query = new URLSearchParams({ size: String(TIMELINE_PAGE) });
    if (kinds.length > 0) query.set('kinds', kinds.join(','));
    if (cursor) query.set('cursor', cursor);
    return apiRequest(`/api/client1/${clientId}/timeline?${query}`, timelinePageSchema, { signal });
  },
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

/** The client's timeline, newest first, a page per "Load more"; no kinds chosen shows every kind. */
export const useClientTimeline = (clientId: number, kinds: readonly TimelineKind[]) =>
  useInfiniteQuery({
    queryKey: ['timeline', clientId, [...kinds].sort()],
    queryFn: ({ pageParam, signal }) => clientRecordApi.timeline(clientId, kinds, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Back on the record after adding a note or sending a message, the timeline is read again.
    staleTime: 0,
  });
