import { CALL_SORT_FIELDS, type CallListQuery, type CallOutcome, type CallSortField } from '@pd/contracts';
import { type DayFilters, useServerList } from '../../lib/useServerList.ts';

export interface CallLogFilters extends DayFilters {
  direction?: 'in' | 'out' | undefined;
  outcome?: CallOutcome | undefined;
  handledById?: number | undefined;
}

/** The call log's page, sort (newest first) and filters, as the API takes them. */
export function useCallLogQuery(timeZone: string) {
  const list = useServerList<CallLogFilters, CallSortField>(timeZone, 'startedAt', CALL_SORT_FIELDS);
  const query: Partial<CallListQuery> = {
    sortField: list.sort.field,
    sortOrder: list.sortOrder,
    direction: list.filters.direction,
    outcome: list.filters.outcome,
    handledById: list.filters.handledById,
    start: list.start,
    end: list.end,
    page: list.paging.page,
    size: list.paging.size as CallListQuery['size'],
  };
  return { ...list, query };
}
