import type { OpportunityListQuery, OpportunitySortField } from '@pd/contracts';
import { useState } from 'react';

export interface ProspectFilters {
  pipelineId?: number | undefined;
  ownerId?: number | undefined;
  /** YYYY-MM: expected close in that month. */
  closeMonth?: string | undefined;
}

/** The board's and list's filters (owner, pipeline, close month), and the list's sort and page. */
export function useProspectFilters() {
  const [filters, setFilters] = useState<ProspectFilters>({});
  const [sort, setSort] = useState<{ field: OpportunitySortField; order: 1 | -1 }>({
    field: 'expectedCloseDate',
    order: 1,
  });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const listQuery: Partial<OpportunityListQuery> = {
    ...filters,
    sortField: sort.field,
    sortOrder: sort.order === 1 ? 'asc' : 'desc',
    page: paging.page,
    size: paging.size as OpportunityListQuery['size'],
  };
  return {
    filters,
    listQuery,
    sort,
    paging,
    setFilter: (changes: ProspectFilters) => {
      setFilters((f) => ({ ...f, ...changes }));
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setSort: (field: OpportunitySortField, order: 1 | -1) => {
      setSort({ field, order });
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setPage: (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size }),
  };
}
export type ProspectFilterState = ReturnType<typeof useProspectFilters>;
