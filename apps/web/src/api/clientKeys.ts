import type { ClientListQuery } from '@pd/contracts';
import { CLIENTS_QUERY_ROOT } from './queryKeys.ts';

/** Every client cache key starts with CLIENTS_QUERY_ROOT, so one invalidation refreshes them all. */
export const clientKeys = {
  all: [CLIENTS_QUERY_ROOT] as const,
  lists: (companyId: number) => [CLIENTS_QUERY_ROOT, 'list', companyId] as const,
  list: (companyId: number, query: ClientListQuery) =>
    [CLIENTS_QUERY_ROOT, 'list', companyId, query] as const,
  detail: (id: number) => [CLIENTS_QUERY_ROOT, 'detail', id] as const,
};
