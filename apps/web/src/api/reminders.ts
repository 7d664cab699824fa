import {
  type RecallType,
  type RecallTypeInput,
  type ReminderRule,
  type ReminderRuleInput,
  type ReminderTemplate,
  type ReminderTemplateInput,
  recallTypeSchema,
  reminderDispatchPageSchema,
  reminderDispatchSchema,
  reminderForecastSchema,
  reminderRuleSchema,
  reminderTemplateSchema,
  type TaskListQuery,
  taskSchema,
  templatePreviewSchema,
} from '@pd/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCommand, apiRequest } from './client.ts';
import { queryString } from './messaging.ts';
import { type CatalogueResource, settingsKeys } from './settings.ts';
import { taskKeys } from './tasks.ts';

/**
 * Reminders (issue 16): the rules and templates Settings edits, and the Reminders page's forecast, upcoming
 * and settled dispatches and the retry of a failed one. Everyone reads; administrators change the set-up.
 */
export const reminderKeys = {
  all: (companyId: number) => ['company', companyId, 'reminders'] as const,
  forecast: (companyId: number) => ['company', companyId, 'reminders', 'forecast'] as const,
  upcoming: (companyId: number, query: DispatchQuery) =>
    ['company', companyId, 'reminders', 'upcoming', query] as const,
  history: (companyId: number, query: DispatchQuery) =>
    ['company', companyId, 'reminders', 'history', query] as const,
  templates: (companyId: number) => [...settingsKeys.all(companyId), 'reminderTemplates'] as const,
  rules: (companyId: number) => [...settingsKeys.all(companyId), 'reminderRules'] as const,
  recallTypes: (companyId: number) => [...settingsKeys.all(companyId), 'recallTypes'] as const,
};

export interface DispatchQuery {
  status?: string;
  page: number;
  size: number;
}

export const reminderTemplatesResource: CatalogueResource<ReminderTemplate, ReminderTemplateInput> = {
  key: reminderKeys.templates,
  // Rules show their template's name.
  dependents: (companyId) => [reminderKeys.rules(companyId)],
  list: (companyId) => apiRequest(`/api/reminder/templates/${companyId}`, z.array(reminderTemplateSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/reminder/template/${companyId}`, reminderTemplateSchema, { method: 'POST', body }),
  update: (id, body) =>
    apiRequest(`/api/reminder/template/${id}`, reminderTemplateSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/reminder/template/${id}`, { method: 'DELETE' }),
};

export const reminderRulesResource: CatalogueResource<ReminderRule, ReminderRuleInput> = {
  key: reminderKeys.rules,
  // Templates count the rules using them; a rule changes what is upcoming.
  dependents: (companyId) => [reminderKeys.templates(companyId), reminderKeys.all(companyId)],
  list: (companyId) => apiRequest(`/api/reminder/rules/${companyId}`, z.array(reminderRuleSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/reminder/rule/${companyId}`, reminderRuleSchema, { method: 'POST', body }),
  update: (id, body) => apiRequest(`/api/reminder/rule/${id}`, reminderRuleSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/reminder/rule/${id}`, { method: 'DELETE' }),
};

export const recallTypesResource: CatalogueResource<RecallType, RecallTypeInput> = {
  key: reminderKeys.recallTypes,
  // Templates count what uses them; the recall list names its types.
  dependents: (companyId) => [reminderKeys.templates(companyId), ['recalls', companyId]],
  list: (companyId) => apiRequest(`/api/recall/types/${companyId}`, z.array(recallTypeSchema)),
  create: (companyId, body) =>
    apiRequest(`/api/recall/type/${companyId}`, recallTypeSchema, { method: 'POST', body }),
  update: (id, body) => apiRequest(`/api/recall/type/${id}`, recallTypeSchema, { method: 'PUT', body }),
  remove: (id) => apiCommand(`/api/recall/type/${id}`, { method: 'DELETE' }),
};

export const remindersApi = {
  forecast: (companyId: number, signal?: AbortSignal) =>
    apiRequest(`/api/reminder/forecast/${companyId}`, reminderForecastSchema, { signal }),
  upcoming: (companyId: number, query: DispatchQuery, signal?: AbortSignal) =>
    apiRequest(`/api/reminder/upcoming/${companyId}?${queryString(query)}`, reminderDispatchPageSchema, {
      signal,
    }),
  history: (companyId: number, query: DispatchQuery, signal?: AbortSignal) =>
    apiRequest(`/api/reminder/history/${companyId}?${queryString(query)}`, reminderDispatchPageSchema, {
      signal,
    }),
  retry: (id: number) =>
    apiRequest(`/api/reminder/dispatch/${id}/retry`, reminderDispatchSchema, { method: 'POST' }),
  taskPage: (companyId: number, query: Partial<TaskListQuery>, signal?: AbortSignal) =>
    apiRequest(
      `/api/task/lazyloading/${companyId}?${queryString(query)}`,
      z.object({ data: z.array(taskSchema), totalRecords: z.number() }),
      { signal },
    ),
};

export const useReminderForecast = (companyId: number) =>
  useQuery({
    queryKey: reminderKeys.forecast(companyId),
    queryFn: ({ signal }) => remindersApi.forecast(companyId, signal),
  });

export const useUpcomingDispatches = (companyId: number, query: DispatchQuery) =>
  useQuery({
    queryKey: reminderKeys.upcoming(companyId, query),
    queryFn: ({ signal }) => remindersApi.upcoming(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useDispatchHistory = (companyId: number, query: DispatchQuery) =>
  useQuery({
    queryKey: reminderKeys.history(companyId, query),
    queryFn: ({ signal }) => remindersApi.history(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

/** Retry answers the dispatch as pending again: the lists and the forecast reload. */
export function useRetryDispatch(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => remindersApi.retry(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all(companyId) }),
  });
}

/** One page of the lazy task list (spec section 7), under the tasks' key so a status move reloads it. */
export const useTaskPage = (companyId: number, query: Partial<TaskListQuery>, enabled: boolean) =>
  useQuery({
    queryKey: [...taskKeys.all, 'page', companyId, query],
    queryFn: ({ signal }) => remindersApi.taskPage(companyId, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The template as a client would get it, counted as the Send SMS panel counts (nothing while empty). */
export const useTemplatePreview = (companyId: number, template: { channel: string; body: string }) =>
  useQuery({
    queryKey: ['company', companyId, 'reminders', 'preview', template],
    queryFn: ({ signal }) =>
      apiRequest(`/api/reminder/template/preview/${companyId}`, templatePreviewSchema, {
        method: 'POST',
        body: { channel: template.channel, body: template.body },
        signal,
      }),
    enabled: template.body.trim() !== '',
    retry: false,
  });
