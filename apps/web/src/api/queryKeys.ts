/** Every cache key in one place, so sign-out and invalidation cannot miss one. */
export const queryKeys = {
  user: (id: number) => ['user', id] as const,
  userConfig: (id: number) => ['user', id, 'config'] as const,
  companyUsers: (companyId: number) => ['company', companyId, 'users'] as const,
  company: (companyId: number) => ['company', companyId] as const,
  companyConfig: (companyId: number) => ['company', companyId, 'config'] as const,
  companySummary: (companyId: number) => ['company', companyId, 'summary'] as const,
};

/** Every client query key starts with this, so one invalidation refreshes lists, pickers and records. */
export const CLIENTS_QUERY_ROOT = 'clients';
