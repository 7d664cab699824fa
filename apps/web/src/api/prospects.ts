import {
  type BoardQuery,
  boardSchema,
  type ConsentInput,
  clientSchema,
  type OpportunityListQuery,
  type OpportunityMove,
  type OpportunityPatch,
  opportunityDetailSchema,
  type opportunityInputSchema,
  opportunityPageSchema,
  opportunitySchema,
  type PipelineInput,
  type ProspectSettingsInput,
  pipelineSchema,
  prospectSettingsSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { invalidateClients } from './clientForms.ts';
import { clientKeys } from './clientKeys.ts';
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
  detail: (id: number) => apiRequest(`/api/opportunity/specific/${id}`, opportunityDetailSchema),
  patch: (id: number, body: OpportunityPatch) =>
    apiRequest(`/api/opportunity/specific/${id}`, opportunitySchema, { method: 'PATCH', body }),
  savePipeline: (companyId: number, id: number | null, body: PipelineInput) =>
    id === null
      ? apiRequest(`/api/pipeline/${companyId}`, pipelineSchema, { method: 'POST', body })
      : apiRequest(`/api/pipeline/specific/${id}`, pipelineSchema, { method: 'PUT', body }),
  settings: (companyId: number) => apiRequest(`/api/prospect/settings/${companyId}`, prospectSettingsSchema),
  saveSettings: (companyId: number, body: ProspectSettingsInput) =>
    apiRequest(`/api/prospect/settings/${companyId}`, prospectSettingsSchema, { method: 'PUT', body }),
  consent: (clientId: number, body: ConsentInput) =>
    apiRequest(`/api/prospect/consent/${clientId}`, clientSchema, { method: 'PUT', body }),
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

/** Settings: add a pipeline (id null) or change one; the board and list show its stages. */
export function useSavePipeline(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PipelineInput }) =>
      prospectsApi.savePipeline(companyId, id, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: prospectKeys.all(companyId) }),
  });
}

const settingsKey = (companyId: number) => [...prospectKeys.all(companyId), 'settings'] as const;

/** Part 5: whether Won needs the record of advice, and of which note template. */
export const useProspectSettings = (companyId: number) =>
  useQuery({ queryKey: settingsKey(companyId), queryFn: () => prospectsApi.settings(companyId) });

export function useSaveProspectSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProspectSettingsInput) => prospectsApi.saveSettings(companyId, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(companyId), saved),
  });
}

export const useOpportunityDetail = (companyId: number, id: number) =>
  useQuery({
    queryKey: [...prospectKeys.all(companyId), 'detail', id],
    queryFn: () => prospectsApi.detail(id),
  });

export function usePatchOpportunity(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: OpportunityPatch }) => prospectsApi.patch(id, patch),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: prospectKeys.all(companyId) }),
  });
}

/** POPIA section 69: the prospect's answer; the record shows it. */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, input }: { clientId: number; input: ConsentInput }) =>
      prospectsApi.consent(clientId, input),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      void invalidateClients(queryClient);
    },
  });
}
