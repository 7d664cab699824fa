import {
  type BoardQuery,
  boardSchema,
  type OpportunityListQuery,
  type OpportunityMove,
  type opportunityInputSchema,
  opportunityPageSchema,
  opportunitySchema,
  pipelineSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { invalidateClients } from './clientForms.ts';
import { queryString } from './messaging.ts';

export type NewOpportunity = z.input<typeof opportunityInputSchema>;

export const prospectKeys = {
  all: (companyId: number) => ['company', companyId, 'prospects'] as const,
};

export const prospectsApi = {
  pipelines: (companyId: number) => apiRequest(`/api/pipeline/${companyId}`, z.array(pipelineSchema)),
  board: (companyId: number, query: Partial<BoardQuery>, signal?: AbortSignal) =>
    apiRequest(`/api/opportunity/board/${companyId}?${queryString(query)}`, boardSchema, { signal }),
  page: (companyId: number, query: Partial<OpportunityListQuery>, signal?: AbortSignal) =>
    apiRequest(`/api/opportunity/lazyloading/${companyId}?${queryString(query)}`, opportunityPageSchema, {
      signal,
    }),
  create: (companyId: number, body: NewOpportunity) =>
    apiRequest(`/api/opportunity/${companyId}`, opportunitySchema, { method: 'POST', body }),
  move: (id: number, body: OpportunityMove) =>
    apiRequest(`/api/opportunity/move/${id}`, opportunitySchema, { method: 'POST', body }),
};

export const usePipelines = (companyId: number) =>
  useQuery({
    queryKey: [...prospectKeys.all(companyId), 'pipelines'],
    queryFn: () => prospectsApi.pipelines(companyId),
  });

export const useBoard = (companyId: number, query: Partial<BoardQuery>) =>
  useQuery({
    queryKey: [...prospectKeys.all(companyId), 'board', query],
    queryFn: ({ signal }) => prospectsApi.board(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useOpportunityPage = (companyId: number, query: Partial<OpportunityListQuery>) =>
  useQuery({
    queryKey: [...prospectKeys.all(companyId), 'page', query],
    queryFn: ({ signal }) => prospectsApi.page(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCreateOpportunity(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOpportunity) => prospectsApi.create(companyId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: prospectKeys.all(companyId) }),
  });
}

/** A move changes the board and the list; Won makes a client of the prospect, so the client lists too. */
export function useMoveOpportunity(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: OpportunityMove }) => prospectsApi.move(id, move),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: prospectKeys.all(companyId) }),
    onSuccess: (moved) => {
      if (moved.stageKind === 'won') invalidateClients(queryClient);
    },
  });
}
