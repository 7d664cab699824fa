import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './endpoints.ts';
import { queryKeys } from './queryKeys.ts';

export const useUser = (id: number) =>
  useQuery({ queryKey: queryKeys.user(id), queryFn: () => api.user(id) });

export const useUserConfig = (id: number) =>
  useQuery({ queryKey: queryKeys.userConfig(id), queryFn: () => api.userConfig(id) });

export const useCompanyUsers = (companyId: number) =>
  useQuery({ queryKey: queryKeys.companyUsers(companyId), queryFn: () => api.companyUsers(companyId) });

export const useCompany = (companyId: number) =>
  useQuery({ queryKey: queryKeys.company(companyId), queryFn: () => api.company(companyId) });

export const useCompanyConfig = (companyId: number) =>
  useQuery({ queryKey: queryKeys.companyConfig(companyId), queryFn: () => api.companyConfig(companyId) });

export const useCompanySummary = (companyId: number) =>
  useQuery({ queryKey: queryKeys.companySummary(companyId), queryFn: () => api.companySummary(companyId) });

export function useSetUserActive(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.setUserActive(id, active),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyUsers(companyId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.companySummary(companyId) });
    },
  });
}
