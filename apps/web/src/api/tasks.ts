import { processSchema, type taskInputSchema, taskSchema, type taskUpdateSchema } from '@pd/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

export type TaskUpdate = z.input<typeof taskUpdateSchema>;
export type NewTask = z.input<typeof taskInputSchema>;

/** Under the clients root, so the Clients page's invalidation after an action reaches them too. */
export const taskKeys = {
  all: [CLIENTS_QUERY_ROOT, 'tasks'] as const,
  forClient: (clientId: number) => [CLIENTS_QUERY_ROOT, 'tasks', 'client', clientId] as const,
  detail: (id: number) => [CLIENTS_QUERY_ROOT, 'tasks', 'detail', id] as const,
  processes: (companyId: number) => ['catalogue', companyId, 'processes'] as const,
};

export const tasksApi = {
  forClient: (companyId: number, clientId: number) =>
    apiRequest(`/api/task/all/${companyId}/client/${clientId}`, z.array(taskSchema)),
  specific: (id: number) => apiRequest(`/api/task/specific/${id}`, taskSchema),
  create: (companyId: number, body: NewTask) =>
    apiRequest(`/api/task/${companyId}`, taskSchema, { method: 'POST', body }),
  update: (id: number, body: TaskUpdate) =>
    apiRequest(`/api/task/${id}`, taskSchema, { method: 'PUT', body }),
  processes: (companyId: number) => apiRequest(`/api/process/${companyId}`, z.array(processSchema)),
};

export const useClientTasks = (companyId: number, clientId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: taskKeys.forClient(clientId ?? 0),
    queryFn: () => tasksApi.forClient(companyId, clientId ?? 0),
    enabled: enabled && clientId !== undefined,
  });

export const useTask = (id: number | undefined, enabled = true) =>
  useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: () => tasksApi.specific(id ?? 0),
    enabled: enabled && id !== undefined,
  });

export const useProcesses = (companyId: number, enabled = true) =>
  useQuery({
    queryKey: taskKeys.processes(companyId),
    queryFn: () => tasksApi.processes(companyId),
    enabled,
  });

export function useCreateTask(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTask) => tasksApi.create(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all, refetchType: 'none' }),
  });
}

/** The answer is the task as it is now: the view shows it at once, the lists reload when shown. */
export function useUpdateTask(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskUpdate) => tasksApi.update(id, body),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.detail(id), task);
      // The lists on screen (View tasks, where the status moves are) show the new status at once.
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
