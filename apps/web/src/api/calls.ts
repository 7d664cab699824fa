import {
  type CallListQuery,
  callerLookupSchema,
  type callInputSchema,
  callPageSchema,
  callSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { queryString } from './messaging.ts';
import { taskKeys } from './tasks.ts';

export type NewCall = z.input<typeof callInputSchema>;

export const callKeys = {
  all: (companyId: number) => ['company', companyId, 'calls'] as const,
  lookup: (companyId: number, number: string) => ['company', companyId, 'calls', 'lookup', number] as const,
};

export const callsApi = {
  page: (companyId: number, query: Partial<CallListQuery>, signal?: AbortSignal) =>
    apiRequest(`/api/call/lazyloading/${companyId}?${queryString(query)}`, callPageSchema, { signal }),
  callbacks: (companyId: number) => apiRequest(`/api/call/callbacks/${companyId}`, z.array(callSchema)),
  lookup: (companyId: number, number: string, signal?: AbortSignal) =>
    apiRequest(`/api/call/lookup/${companyId}?${queryString({ number })}`, callerLookupSchema, { signal }),
  create: (companyId: number, body: NewCall) =>
    apiRequest(`/api/call/${companyId}`, callSchema, { method: 'POST', body }),
};

export const useCallPage = (companyId: number, query: Partial<CallListQuery>) =>
  useQuery({
    queryKey: [...callKeys.all(companyId), 'page', query],
    queryFn: ({ signal }) => callsApi.page(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useCallbackQueue = (companyId: number) =>
  useQuery({
    queryKey: [...callKeys.all(companyId), 'callbacks'],
    queryFn: () => callsApi.callbacks(companyId),
  });

/** The caller card, looked up as the number is typed (once it has enough digits to be a number). */
export const useCallerLookup = (companyId: number, number: string) =>
  useQuery({
    queryKey: callKeys.lookup(companyId, number),
    queryFn: ({ signal }) => callsApi.lookup(companyId, number, signal),
    enabled: number.replace(/\D/g, '').length >= 9,
    placeholderData: keepPreviousData,
  });

/** A logged call changes the log, the queue and (a callback task) the tasks. */
export function useLogCall(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCall) => callsApi.create(companyId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKeys.all(companyId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
