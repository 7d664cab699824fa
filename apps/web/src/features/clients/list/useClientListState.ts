import type { ClientColumn, ClientListQuery } from '@pd/contracts';
import { useCallback, useState } from 'react';
import type { ListVisit } from './listVisit.ts';
import { type ColumnFilters, useClientListFilters } from './useClientListFilters.ts';
import { type SortTerm, useClientListView } from './useClientListView.ts';

export const sortParam = (sort: readonly SortTerm[]): string | undefined =>
  sort.length > 0 ? sort.map((t) => `${t.field}:${t.order === 1 ? 'asc' : 'desc'}`).join(',') : undefined;

const filtersParam = (filters: ColumnFilters): string | undefined =>
  Object.keys(filters).length > 0 ? JSON.stringify(filters) : undefined;

/**
 * Everything the list shows, owned by the page so it survives a visit to a panel: the remembered view,
 * this visit's search and filters, and the page the user is on (`initial`: as an earlier visit left them).
 */
export function useClientListState(userId: number, initial?: ListVisit) {
  const [first, setFirst] = useState(initial?.first ?? 0);
  const resetPage = useCallback(() => setFirst(0), []);
  const view = useClientListView(userId);
  const filters = useClientListFilters(resetPage, initial);
  const { rows, sort } = view.view;
  const visit: ListVisit = {
    searchText: filters.searchText,
    search: filters.search,
    standardFilter: filters.standardFilter,
    columnFilters: filters.columnFilters,
    first,
  };

  const query = (clientId: number | undefined): ClientListQuery =>
    // One client (inputClientId) is shown whatever the list's search and filters are: they would hide it.
    clientId
      ? { page: 1, size: rows, sort: sortParam(sort), clientId, lifecycle: 'client' }
      : {
          page: Math.floor(first / rows) + 1,
          size: rows,
          lifecycle: 'client',
          sort: sortParam(sort),
          // Spec section 7: searches send the lowercased text.
          search: filters.search.toLowerCase() || undefined,
          filter: filters.standardFilter ?? undefined,
          filters: filtersParam(filters.columnFilters),
        };

  return {
    ...view,
    ...filters,
    visit,
    first,
    query,
    setFirst,
    setSort: (next: SortTerm[]) => {
      view.setSort(next);
      resetPage();
    },
    setColumns: (columns: ClientColumn[]) => {
      view.setColumns(columns);
      filters.keepColumns(columns);
    },
    changePage: (nextFirst: number, nextRows: number) => {
      if (nextRows !== rows) {
        view.setRows(nextRows);
        resetPage();
      } else setFirst(nextFirst);
    },
    /** Columns, sort, page size, view and every filter back to how the list first looked. */
    restoreOriginal: () => {
      view.restore();
      filters.clearAll();
    },
  };
}

export type ClientListState = ReturnType<typeof useClientListState>;
