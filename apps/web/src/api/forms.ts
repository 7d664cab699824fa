import {
  type FormCreate,
  formDetailSchema,
  formSummarySchema,
  formTemplateSchema,
  formVersionSchema,
  type Questionnaire,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';

/** Issue 18: the company's form definitions (Settings → Forms). */
export const formKeys = {
  all: (companyId: number) => ['company', companyId, 'forms'] as const,
  version: (companyId: number, versionId: number) =>
    ['company', companyId, 'forms', 'version', versionId] as const,
};

export const formsApi = {
  templates: (companyId: number) =>
    apiRequest(`/api/form/templates/${companyId}`, z.array(formTemplateSchema)),
  list: (companyId: number) => apiRequest(`/api/form/all/${companyId}`, z.array(formSummarySchema)),
  detail: (formId: number) => apiRequest(`/api/form/specific/${formId}`, formDetailSchema),
  version: (versionId: number) => apiRequest(`/api/form/version/${versionId}`, formVersionSchema),
  create: (companyId: number, body: FormCreate) =>
    apiRequest(`/api/form/${companyId}`, formDetailSchema, { method: 'POST', body }),
  saveDraft: (formId: number, definition: Questionnaire) =>
    apiRequest(`/api/form/draft/${formId}`, formDetailSchema, { method: 'PUT', body: { definition } }),
  discardDraft: (formId: number) => apiCommand(`/api/form/draft/${formId}`, { method: 'DELETE' }),
  publish: (formId: number) =>
    apiRequest(`/api/form/publish/${formId}`, formDetailSchema, { method: 'POST' }),
};

export const useFormTemplates = (companyId: number) =>
  useQuery({
    queryKey: [...formKeys.all(companyId), 'templates'],
    queryFn: () => formsApi.templates(companyId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useFormList = (companyId: number) =>
  useQuery({ queryKey: [...formKeys.all(companyId), 'list'], queryFn: () => formsApi.list(companyId) });

/** One form with all its versions, newest first. */
export const useFormDetail = (companyId: number, formId: number) =>
  useQuery({
    queryKey: [...formKeys.all(companyId), 'detail', formId],
    queryFn: () => formsApi.detail(formId),
  });

/** A version never changes once published; a draft changes only by this user's save. */
export const useFormVersion = (companyId: number, versionId: number | null) =>
  useQuery({
    queryKey: formKeys.version(companyId, versionId ?? 0),
    queryFn: () => formsApi.version(versionId ?? 0),
    enabled: versionId !== null,
    placeholderData: keepPreviousData,
  });

/** Every change to a form: refreshes the list and the versions shown. */
export function useFormMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: formKeys.all(companyId) });
  return {
    create: useMutation({ mutationFn: (body: FormCreate) => formsApi.create(companyId, body), onSuccess }),
    saveDraft: useMutation({
      mutationFn: ({ formId, definition }: { formId: number; definition: Questionnaire }) =>
        formsApi.saveDraft(formId, definition),
      onSuccess,
    }),
    discardDraft: useMutation({ mutationFn: formsApi.discardDraft, onSuccess }),
    publish: useMutation({ mutationFn: formsApi.publish, onSuccess }),
  };
}
