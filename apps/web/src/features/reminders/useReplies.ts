import { type ReplyListQuery, smsReplyPageSchema, smsReplySchema } from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

const repliesKey = (companyId: number) => ['reminder-replies', companyId] as const;

/** The SMS reply inbox (GET /api/reminder/replies/{companyId}), newest unhandled first. */
export const useReplies = (companyId: number, query: ReplyListQuery) =>
  useQuery({
    queryKey: [...repliesKey(companyId), query],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/reminder/replies/${companyId}?${new URLSearchParams({
          filter: query.filter,
          page: String(query.page),
          size: String(query.size),
        })}`,
        smsReplyPageSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Replies arrive by the minute (the poll): the inbox follows them.
    refetchInterval: 60_000,
  });

/** Marks an inbox reply handled, then reads the inbox again. */
export function useMarkReplyHandled(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/reminder/reply/${id}/handled`, smsReplySchema, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: repliesKey(companyId) }),
  });
}
