import { type FormNoticeUpdate, formNoticeSchema } from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** Settings > Company: the privacy notice of the public form page (issue 18, part 4). */
const key = (companyId: number) => ['company', companyId, 'form-notice'] as const;
const path = (companyId: number) => `/api/company/${companyId}/form-notice`;

export const useFormNotice = (companyId: number) =>
  useQuery({ queryKey: key(companyId), queryFn: () => apiRequest(path(companyId), formNoticeSchema) });

export function useUpdateFormNotice(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormNoticeUpdate) =>
      apiRequest(path(companyId), formNoticeSchema, { method: 'PUT', body }),
    onSuccess: (notice) => queryClient.setQueryData(key(companyId), notice),
  });
}
