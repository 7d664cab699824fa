import {
  type RecallFilter,
  type RecallInput,
  recallPageSchema,
  recallSchema,
  recallSendResultSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { useCreditChanged } from '../../api/messaging.ts';
import { recallTypesResource, reminderKeys } from '../../api/reminders.ts';
import { useCatalogueList } from '../../api/settings.ts';

const recallsKey = (companyId: number) => ['recalls', companyId] as const;

export interface RecallListState {
  status: RecallFilter;
  typeId?: number | undefined;
  clientId?: number | undefined;
  page: number;
  size: number;
}

/** The recall list (GET /api/recall/list/{companyId}), soonest due first. */
export const useRecalls = (companyId: number, query: RecallListState) =>
  useQuery({
    queryKey: [...recallsKey(companyId), query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        status: query.status,
        page: String(query.page),
        size: String(query.size),
      });
      if (query.typeId) params.set('typeId', String(query.typeId));
      if (query.clientId) params.set('clientId', String(query.clientId));
      return apiRequest(`/api/recall/list/${companyId}?${params}`, recallPageSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** The company's recall types, for the list's type filter. */
export const useRecallTypes = (companyId: number) => useCatalogueList(recallTypesResource, companyId);

/**
 * Bulk send of the next notice of the selected recalls, then reads the list again; the notices spend credit,
 * so the balance (the forecast's among them) is read again too.
 */
export function useSendRecallNotices(companyId: number) {
  const client = useQueryClient();
  const creditChanged = useCreditChanged(companyId);
  return useMutation({
    mutationFn: (recallIds: number[]) =>
      apiRequest(`/api/recall/send/${companyId}`, recallSendResultSchema, {
        method: 'POST',
        body: { recallIds },
      }),
    onSuccess: () => {
      creditChanged();
      void client.invalidateQueries({ queryKey: reminderKeys.forecast(companyId) });
      return client.invalidateQueries({ queryKey: recallsKey(companyId) });
    },
  });
}

/** Records a recall on the client by hand, then reads the lists again. */
export function useCreateRecall(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallInput) =>
      apiRequest(`/api/recall/client/${clientId}`, recallSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recalls'] }),
  });
}

/** Cancels an open recall, then reads the lists again. */
export function useCancelRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/recall/${id}/cancel`, recallSchema, { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recalls'] }),
  });
}
