import { dayBoundsInstants } from '@pd/contracts';
import type { DataTableStateEvent } from 'primereact/datatable';
import { useState } from 'react';
import { serverPaging } from './serverPaging.ts';

/** Days (YYYY-MM-DD) in the company's time zone, both inclusive: the "From" and "To" of a list's filters. */
export interface DayFilters {
  startDay?: string | undefined;
  endDay?: string | undefined;
}

/**
 * A server-paged list's filters, sort and page (1-based, 10 rows), as the lazy lists keep them: a new filter
 * or sort goes back to the first page. `start`/`end` are the chosen days' bounds as ISO instants.
 */
export function useServerList<F extends DayFilters, S extends string>(
  timeZone: string,
  field: S,
  sortFields: readonly S[],
) {
  const [filters, setFilters] = useState<F>({} as F);
  const [sort, setSort] = useState<{ field: S; order: 1 | -1 }>({ field, order: -1 });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const start = filters.startDay
    ? dayBoundsInstants(filters.startDay, filters.startDay, timeZone).start
    : undefined;
  const end = filters.endDay ? dayBoundsInstants(filters.endDay, filters.endDay, timeZone).end : undefined;
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const setPage = (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size });
  const changeSort = (sortField: S, order: 1 | -1) => {
    setSort({ field: sortField, order });
    firstPage();
  };
  return {
    filters,
    sort,
    paging,
    start: start?.toISOString(),
    end: end?.toISOString(),
    sortOrder: sort.order === 1 ? ('asc' as const) : ('desc' as const),
    setFilter: (changes: F) => {
      setFilters((f) => ({ ...f, ...changes }));
      firstPage();
    },
    clear: () => {
      setFilters({} as F);
      firstPage();
    },
    setSort: changeSort,
    setPage,
    /** The DataTable's paging and sorting props for `total` rows; a sort on a column the API does not sort by is ignored. */
    tableProps: (total: number) => ({
      ...serverPaging(paging.page, paging.size, total, setPage),
      sortField: sort.field,
      sortOrder: sort.order,
      onSort: (e: DataTableStateEvent) => {
        const chosen = sortFields.find((f) => f === e.sortField);
        if (chosen) changeSort(chosen, e.sortOrder === 1 ? 1 : -1);
      },
    }),
  };
}
