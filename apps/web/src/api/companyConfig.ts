import { type CompanyConfigUpdate, companyConfigSchema } from '@pd/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** Settings > Company: the administrator's change (the read is useCompanyConfig in hooks.ts). */
export const updateCompanyConfig = (companyId: number, body: CompanyConfigUpdate) =>
  apiRequest(`/api/company/${companyId}/config`, companyConfigSchema, { method: 'PUT', body });

export function useUpdateCompanyConfig(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyConfigUpdate) => updateCompanyConfig(companyId, body),
    // Every screen that reads the configuration (invoices' tax choice, Contact Support) sees the new one.
    onSuccess: (config) => queryClient.setQueryData(queryKeys.companyConfig(companyId), config),
  });
}
