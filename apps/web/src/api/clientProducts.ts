import {
  billingPlanSchema,
  type ClientProductUpdate,
  clientProductSchema,
  productSchema,
} from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

/** Under the clients root, so the Clients page's invalidation after an action reaches them too. */
export const clientProductKeys = {
  all: [CLIENTS_QUERY_ROOT, 'products'] as const,
  forClient: (clientId: number) => [CLIENTS_QUERY_ROOT, 'products', clientId] as const,
  companyProducts: (companyId: number) => ['catalogue', companyId, 'products'] as const,
  billingPlans: (companyId: number) => ['catalogue', companyId, 'billingPlans'] as const,
};

export const clientProductsApi = {
  forClient: (clientId: number) => apiRequest(`/api/clientproduct/${clientId}`, z.array(clientProductSchema)),
  add: (clientId: number, productId: number) =>
    apiRequest(`/api/clientproduct/${clientId}/${productId}`, clientProductSchema, { method: 'POST' }),
  update: (id: number, body: ClientProductUpdate) =>
    apiRequest(`/api/clientproduct/${id}`, clientProductSchema, { method: 'PUT', body }),
  remove: (id: number) => apiCommand(`/api/clientproduct/${id}?answer=Y`, { method: 'DELETE' }),
  companyProducts: (companyId: number) => apiRequest(`/api/product1/${companyId}`, z.array(productSchema)),
  billingPlans: (companyId: number) =>
    apiRequest(`/api/billingplan/${companyId}`, z.array(billingPlanSchema)),
};

export const useClientProducts = (clientId: number | undefined) =>
  useQuery({
    queryKey: clientProductKeys.forClient(clientId ?? 0),
    queryFn: () => clientProductsApi.forClient(clientId ?? 0),
    enabled: clientId !== undefined,
    // Every panel showing a client's products works on them: it starts from the server's copy.
    refetchOnMount: 'always',
  });

export const useCompanyProducts = (companyId: number) =>
  useQuery({
    queryKey: clientProductKeys.companyProducts(companyId),
    queryFn: () => clientProductsApi.companyProducts(companyId),
  });

export const useBillingPlans = (companyId: number) =>
  useQuery({
    queryKey: clientProductKeys.billingPlans(companyId),
    queryFn: () => clientProductsApi.billingPlans(companyId),
  });

/** After any change the client's product list is stale; it reloads when View products shows it. */
function useProductMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientProductKeys.all, refetchType: 'none' }),
  });
}

export const useAddClientProduct = (clientId: number) =>
  useProductMutation((productId: number) => clientProductsApi.add(clientId, productId));

export const useUpdateClientProduct = (id: number) =>
  useProductMutation((body: ClientProductUpdate) => clientProductsApi.update(id, body));

export const useDeleteClientProduct = () => useProductMutation((id: number) => clientProductsApi.remove(id));
