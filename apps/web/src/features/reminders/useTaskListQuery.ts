import type { TaskListQuery, TaskSortField } from '@pd/contracts';
import { useState } from 'react';

export type TaskScope = 'mine' | 'company';
export type TaskFilter = 'active' | 'overdue' | 'complete' | 'all';

/** The task table's page, sort (spec section 9: due, descending), search and filter, as the API takes them. */
export function useTaskListQuery(userId: number) {
  const [scope, setScope] = useState<TaskScope>('mine');
  const [filter, setFilter] = useState<TaskFilter>('active');
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const [sort, setSort] = useState<{ field: TaskSortField; order: 1 | -1 }>({ field: 'due', order: -1 });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  const query: Partial<TaskListQuery> = {
    sortField: sort.field,
    sortOrder: sort.order === 1 ? 'asc' : 'desc',
    search: search || undefined,
    filter: filter === 'all' ? undefined : filter,
    userId: scope === 'mine' ? userId : undefined,
    page: paging.page,
    size: paging.size as TaskListQuery['size'],
  };
  return {
    query,
    scope,
    filter,
    sort,
    paging,
    searchInput,
    setSearchInput,
    setScope: (next: TaskScope) => {
      setScope(next);
      firstPage();
    },
    setFilter: (next: TaskFilter) => {
      setFilter(next);
      firstPage();
    },
    /** Spec section 2: the search is applied on Enter. */
    applySearch: () => {
      setSearch(searchInput.trim());
      firstPage();
    },
    clearSearch: () => {
      setSearchInput('');
      setSearch('');
      firstPage();
    },
    setSort: (field: TaskSortField, order: 1 | -1) => {
      setSort({ field, order });
      firstPage();
    },
    setPage: (page: number, size: number) => setPaging({ page: size === paging.size ? page : 1, size }),
  };
}
