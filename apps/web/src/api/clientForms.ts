import {
  type ClientConfig,
  type ClientConfigInput,
  type ClientInput,
  type CreateClientInput,
  clientConfigSchema,
  clientPickSchema,
  clientSchema,
  icd10CodeSchema,
  providerSchema,
} from '@pd/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

export type ClientPick = z.infer<typeof clientPickSchema>;
export type PickerKind = 'search' | 'affiliate';

const SEARCH_STALE_MS = 30_000;
/** Spec section 7: "All searches send the lowercased query text". */
const searchText = (text: string) => encodeURIComponent(text.trim().toLowerCase());

/** The calls of the client forms (tabs 2, 3 and 4): records, healthcare details and the pickers. */
export const clientFormsApi = {
  client: (id: number) => apiRequest(`/api/client1/${id}`, clientSchema),
  create: (companyId: number, body: Partial<CreateClientInput>) =>
    apiRequest(`/api/client1/${companyId}`, clientSchema, { method: 'POST', body }),
  update: (id: number, body: Partial<ClientInput>) =>
    apiRequest(`/api/client1/${id}`, clientSchema, { method: 'PUT', body }),
  config: (id: number) =>
    apiRequest(`/api/client1/${id}/config`, clientConfigSchema) as Promise<ClientConfig>,
  updateConfig: (id: number, body: ClientConfigInput) =>
    apiRequest(`/api/client1/${id}/config`, clientConfigSchema, {
      method: 'PUT',
      body,
    }) as Promise<ClientConfig>,
  searchClients: (companyId: number, kind: PickerKind, text: string) =>
    apiRequest(`/api/client1/company/${companyId}/${kind}/${searchText(text)}`, z.array(clientPickSchema)),
  searchIcd10: (text: string) =>
    apiRequest(`/api/icd10code/simple/${searchText(text)}`, z.array(icd10CodeSchema)),
  searchProviders: (text: string) =>
    apiRequest(`/api/provider/name/${searchText(text)}`, z.array(providerSchema)),
};

/** Every key starts with CLIENTS_QUERY_ROOT, so invalidating ['clients'] refreshes lists, records and pickers. */
export const clientFormKeys = {
  client: (id: number) => [CLIENTS_QUERY_ROOT, 'record', id] as const,
  config: (id: number) => [CLIENTS_QUERY_ROOT, 'record', id, 'config'] as const,
  pick: (companyId: number, kind: PickerKind, text: string) =>
    [CLIENTS_QUERY_ROOT, 'pick', companyId, kind, text.trim().toLowerCase()] as const,
  icd10: (text: string) => [CLIENTS_QUERY_ROOT, 'icd10', text.trim().toLowerCase()] as const,
  providers: (text: string) => [CLIENTS_QUERY_ROOT, 'providers', text.trim().toLowerCase()] as const,
};

// Marked stale, refetched when next shown: the form that saved is about to close, the list reloads on tab 1.
export const invalidateClients = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [CLIENTS_QUERY_ROOT], refetchType: 'none' });

export const useClientRecord = (id: number | undefined) =>
  useQuery({
    queryKey: clientFormKeys.client(id ?? 0),
    queryFn: () => clientFormsApi.client(id ?? 0),
    enabled: id !== undefined,
    // A form must open on the record as it is now, not as it was when the list last loaded it.
    staleTime: 0,
  });

export const useClientConfig = (id: number | undefined, enabled = true) =>
  useQuery({
    queryKey: clientFormKeys.config(id ?? 0),
    queryFn: () => clientFormsApi.config(id ?? 0),
    enabled: enabled && id !== undefined,
    staleTime: 0,
  });

export function useCreateClient(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CreateClientInput>) => clientFormsApi.create(companyId, body),
    onSuccess: () => invalidateClients(queryClient),
  });
}

export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ClientInput>) => clientFormsApi.update(id, body),
    onSuccess: () => invalidateClients(queryClient),
  });
}

export function useUpdateClientConfig(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientConfigInput) => clientFormsApi.updateConfig(id, body),
    onSuccess: () => invalidateClients(queryClient),
  });
}

/** Type-ahead searches go through the query cache, so retyping a query answers at once. */
export function usePickerSearches(companyId: number) {
  const queryClient = useQueryClient();
  return {
    clients: (kind: PickerKind, text: string) =>
      queryClient.fetchQuery({
        queryKey: clientFormKeys.pick(companyId, kind, text),
        queryFn: () => clientFormsApi.searchClients(companyId, kind, text),
        staleTime: SEARCH_STALE_MS,
      }),
    icd10: (text: string) =>
      queryClient.fetchQuery({
        queryKey: clientFormKeys.icd10(text),
        queryFn: () => clientFormsApi.searchIcd10(text),
        staleTime: SEARCH_STALE_MS,
      }),
    providers: (text: string) =>
      queryClient.fetchQuery({
        queryKey: clientFormKeys.providers(text),
        queryFn: () => clientFormsApi.searchProviders(text),
        staleTime: SEARCH_STALE_MS,
      }),
  };
}
