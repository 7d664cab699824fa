import {
  type FormAccept,
  type FormChannel,
  type FormRequestCreate,
  type FormRequestListQuery,
  formRequestCreatedSchema,
  formRequestPageSchema,
  formReviewSchema,
  formSummarySchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';
import { fetchPdf } from './invoices.ts';
import { queryString } from './messaging.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

/** Issue 18, parts 5 to 7: forms sent to clients, their review and acceptance, the submission's PDF. */
export const formRequestKeys = {
  all: (companyId: number) => ['company', companyId, 'form-requests'] as const,
  forms: (companyId: number) => ['company', companyId, 'forms'] as const,
  review: (id: number) => ['form-review', id] as const,
};

export const formRequestsApi = {
  page: (companyId: number, query: Partial<FormRequestListQuery>, signal?: AbortSignal) =>
    apiRequest(`/api/form/request/lazyloading/${companyId}?${queryString(query)}`, formRequestPageSchema, {
      signal,
    }),
  forms: (companyId: number) => apiRequest(`/api/form/all/${companyId}`, z.array(formSummarySchema)),
  send: (companyId: number, body: Omit<FormRequestCreate, 'expiresInDays'>) =>
    apiRequest(`/api/form/request/${companyId}`, formRequestCreatedSchema, { method: 'POST', body }),
  resend: (id: number, channel?: FormChannel) =>
    apiRequest(`/api/form/request/${id}/resend`, formRequestCreatedSchema, {
      method: 'POST',
      body: channel ? { channel } : {},
    }),
  withdraw: (id: number) => apiCommand(`/api/form/request/${id}`, { method: 'DELETE' }),
  review: (id: number) => apiRequest(`/api/form/review/${id}`, formReviewSchema),
  accept: (id: number, body: FormAccept) =>
    apiRequest(`/api/form/review/${id}/accept`, formReviewSchema, { method: 'POST', body }),
  pdf: (id: number) => fetchPdf(`/api/form/submission/${id}/pdf`, `form-submission-${id}.pdf`),
};

export const useFormRequestPage = (companyId: number, query: Partial<FormRequestListQuery>) =>
  useQuery({
    queryKey: [...formRequestKeys.all(companyId), 'page', query],
    queryFn: ({ signal }) => formRequestsApi.page(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

/** The company's forms; only those with a published version can be sent. */
export const useCompanyForms = (companyId: number) =>
  useQuery({ queryKey: formRequestKeys.forms(companyId), queryFn: () => formRequestsApi.forms(companyId) });

export const useFormReview = (id: number) =>
  useQuery({ queryKey: formRequestKeys.review(id), queryFn: () => formRequestsApi.review(id) });

/** Sending, resending and withdrawing change the lists (the Forms page and every client's forms). */
function useRequestsChange<A, R>(companyId: number, run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: formRequestKeys.all(companyId) }),
  });
}

export const useSendForm = (companyId: number) =>
  useRequestsChange(companyId, (body: Omit<FormRequestCreate, 'expiresInDays'>) =>
    formRequestsApi.send(companyId, body),
  );
export const useResendForm = (companyId: number) =>
  useRequestsChange(companyId, (id: number) => formRequestsApi.resend(id));
export const useWithdrawForm = (companyId: number) =>
  useRequestsChange(companyId, (id: number) => formRequestsApi.withdraw(id));

/** Accepting changes the review, the lists and the client's record. */
export function useAcceptForm(companyId: number, submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormAccept) => formRequestsApi.accept(submissionId, body),
    onSuccess: (review) => {
      queryClient.setQueryData(formRequestKeys.review(submissionId), review);
      void queryClient.invalidateQueries({ queryKey: formRequestKeys.all(companyId) });
      void queryClient.invalidateQueries({ queryKey: [CLIENTS_QUERY_ROOT] });
    },
  });
}
