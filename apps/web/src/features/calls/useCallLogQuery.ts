import { type CallListQuery, type CallOutcome, type CallSortField, dayBoundsInstants } from '@pd/contracts';
import { useState } from 'react';

export interface CallLogFilters {
  direction?: 'in' | 'out' | undefined;
  outcome?: CallOutcome | undefined;
  handledById?: number | undefined;
  /** Days (YYYY-MM-DD) in the company's time zone, both inclusive. */
  startDay?: string | undefined;
  endDay?: string | undefined;
}

/** The call log's page, sort (newest first) and filters, as the API takes them. */
export function useCallLogQuery(timeZone: string) {
  const [filters, setFilters] = useState<CallLogFilters>({});
  const [sort, setSort] = useState<{ field: CallSortField; order: 1 | -1 }>({
    field: 'startedAt',
    order: -1,
  });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const start = filters.startDay
    ? dayBoundsInstants(filters.startDay, filters.startDay, timeZone).start
    : undefined;
  const end = filters.endDay ? dayBoundsInstants(filters.endDay, filters.endDay, timeZone).end : undefined;
  const query: Partial<CallListQuery> = {
    sortField: sort.field,
    sortOrder: sort.order === 1 ? 'asc' : 'desc',
    direction: filters.direction,
    outcome: filters.outcome,
    handledById: filters.handledById,
    start: start?.toISOString(),
    end: end?.toISOString(),
    page: paging.page,
    size: paging.size as CallListQuery['size'],
  };
  return {
    query,
    filters,
    sort,
    paging,
    setFilter: (changes: CallLogFilters) => {
      setFilters((f) => ({ ...f, ...changes }));
      setPaging((p) => ({ ...p, page: 1 }));
    },
    clear: () => {
      setFilters({});
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setSort: (field: CallSortField, order: 1 | -1) => {
      setSort({ field, order });
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setPage: (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size }),
  };
}
