import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The query's data once it has been fetched since the panel opened. A form copies the record into its
 * fields once, so it must not open on an older copy from the cache (e.g. the one from before the last save).
 */
export function useFreshData<T>(query: UseQueryResult<T>): T | undefined {
  const [openedAt] = useState(() => Date.now());
  return query.data !== undefined && query.dataUpdatedAt >= openedAt ? query.data : undefined;
}
