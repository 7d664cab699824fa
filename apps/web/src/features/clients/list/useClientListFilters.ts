import { type ClientColumn, STANDARD_FILTERS } from '@pd/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ListVisit } from './listVisit.ts';

export type StandardFilter = (typeof STANDARD_FILTERS)[number];
export type ColumnFilters = Partial<Record<ClientColumn, string>>;

/** Column filters wait for a pause in typing, so a request is not sent on every key. */
export const FILTER_DEBOUNCE_MS = 400;

const cleaned = (filters: ColumnFilters): ColumnFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, text]) => text?.trim())) as ColumnFilters;

/** What narrows the list this visit: keyword search (applied on Enter), standard filter, column filters. */
export function useClientListFilters(onNarrowed: () => void, initial?: ListVisit) {
  const [searchText, setSearchText] = useState(initial?.searchText ?? '');
  const [search, setSearch] = useState(initial?.search ?? '');
  const [standardFilter, setStandardFilterState] = useState<StandardFilter | null>(
    initial?.standardFilter ?? null,
  );
  const [filterInputs, setFilterInputs] = useState<ColumnFilters>(initial?.columnFilters ?? {});
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>(initial?.columnFilters ?? {});

  useEffect(() => {
    const next = cleaned(filterInputs);
    if (JSON.stringify(next) === JSON.stringify(columnFilters)) return;
    const timer = window.setTimeout(() => {
      setColumnFilters(next);
      onNarrowed();
    }, FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filterInputs, columnFilters, onNarrowed]);

  const applySearch = useCallback(() => {
    setSearch(searchText.trim());
    onNarrowed();
  }, [searchText, onNarrowed]);

  /** Esc in the box: the box and the search it applied are both cleared. */
  const clearSearchBox = useCallback(() => {
    setSearchText('');
    setSearch('');
    onNarrowed();
  }, [onNarrowed]);

  const setStandardFilter = useCallback(
    (filter: StandardFilter | null) => {
      setStandardFilterState(filter);
      onNarrowed();
    },
    [onNarrowed],
  );

  const setFilterInput = useCallback((column: ClientColumn, text: string) => {
    setFilterInputs((current) => ({ ...current, [column]: text }));
  }, []);

  /** A hidden column keeps no filter: nobody could see or clear it. */
  const keepColumns = useCallback((columns: readonly ClientColumn[]) => {
    const keep = (filters: ColumnFilters) =>
      Object.fromEntries(
        Object.entries(filters).filter(([column]) => columns.includes(column as ClientColumn)),
      ) as ColumnFilters;
    setFilterInputs(keep);
    setColumnFilters(keep);
  }, []);

  const clearAll = useCallback(() => {
    setSearchText('');
    setSearch('');
    setStandardFilterState(null);
    setFilterInputs({});
    setColumnFilters({});
    onNarrowed();
  }, [onNarrowed]);

  return {
    searchText,
    setSearchText,
    search,
    applySearch,
    clearSearchBox,
    standardFilter,
    setStandardFilter,
    filterInputs,
    setFilterInput,
    columnFilters,
    keepColumns,
    clearAll,
  };
}

export const STANDARD_FILTER_OPTIONS = STANDARD_FILTERS.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
