import { clientOwedSchema, type UnpaidNoticeCreate, unpaidNoticeResultSchema } from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { invoiceKeys } from './invoices.ts';

export const unpaidApi = {
  create: (clientId: number, body: UnpaidNoticeCreate) =>
    apiRequest(`/api/unpaid/client/${clientId}`, unpaidNoticeResultSchema, { method: 'POST', body }),
  owed: (clientId: number) => apiRequest(`/api/unpaid/client/${clientId}/owed`, clientOwedSchema),
};

/** What the client owes now; under the invoice keys, so a payment or an invoice reloads it. */
export const useClientOwed = (clientId: number) =>
  useQuery({ queryKey: [...invoiceKeys.all, 'owed', clientId], queryFn: () => unpaidApi.owed(clientId) });

/** Type C writes the amount off the client's invoices, so their lists reload too. */
export function useCreateUnpaidNotice(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnpaidNoticeCreate) => unpaidApi.create(clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
