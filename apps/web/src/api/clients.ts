import {
  type ClientListQuery,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  clientPageSchema,
  clientSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCommand, apiRequest } from './client.ts';
import { clientKeys } from './clientKeys.ts';

export type ListParams = Partial<ClientListQuery>;

/** Query string of the list and export calls; empty values are left out. */
export function listSearchParams(query: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}

export const clientsApi = {
  page: (companyId: number, query: ClientListQuery, signal?: AbortSignal) =>
    apiRequest(`/api/client1/company/${companyId}/lazy?${listSearchParams(query)}`, clientPageSchema, {
      signal,
    }),
  client: (id: number) => apiRequest(`/api/client1/${id}`, clientSchema),
  remove: (id: number) => apiCommand(`/api/client1/${id}?answer=Y`, { method: 'DELETE' }),
  /** The CSV of every client matching the list's search and filters, as a file the browser can save. */
  exportCsv: async (companyId: number, query: ListParams): Promise<Blob> => {
    const { search, filter, filters, clientId } = query;
    const params = listSearchParams({ search, filter, filters, clientId });
    const response = await fetch(`/api/client1/company/${companyId}/export?${params}`, {
      credentials: 'same-origin',
      headers: { accept: 'text/csv', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    if (!response.ok) throw new ApiError(response.status, 'BAD_RESPONSE', 'Export failed.');
    return response.blob();
  },
};

/** Only an unreachable server is worth retrying here: a failed load must show at once (spec section 8). */
const retryNetworkOnce = (failures: number, error: unknown) =>
  error instanceof ApiError && error.code === 'NETWORK_ERROR' && failures < 1;

export const useClientPage = (companyId: number, query: ClientListQuery) =>
  useQuery({
    queryKey: clientKeys.list(companyId, query),
    queryFn: ({ signal }) => clientsApi.page(companyId, query, signal),
    placeholderData: keepPreviousData,
    retry: retryNetworkOnce,
  });

export const useClient = (id: number | undefined) =>
  useQuery({
    queryKey: clientKeys.detail(id ?? 0),
    queryFn: () => clientsApi.client(id ?? 0),
    enabled: id !== undefined,
  });

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => clientsApi.remove(id),
    // No refetch now: the deleted client's own query would answer 404. Lists reload when shown again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all, refetchType: 'none' }),
  });
}
