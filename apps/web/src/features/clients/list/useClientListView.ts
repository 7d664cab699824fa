import {
  CLIENT_ALL_COLUMNS,
  CLIENT_PAGE_SIZE,
  CLIENT_PAGE_SIZES,
  type ClientColumn,
  type ClientView,
} from '@pd/contracts';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { APP_STORAGE_PREFIX } from '../../../app/storage.ts';
import { DEFAULT_COLUMNS, inListOrder } from './columns.ts';

export interface SortTerm {
  field: ClientColumn;
  order: 1 | -1;
}

/** The user's own way of looking at the list: remembered in this browser, per user. */
export interface ListView {
  columns: ClientColumn[];
  sort: SortTerm[];
  rows: number;
  mode: ClientView;
}

/** The API sorts by at most five columns. */
export const MAX_SORT_TERMS = 5;

export const DEFAULT_VIEW: ListView = {
  columns: DEFAULT_COLUMNS,
  sort: [
    { field: 'lastName', order: 1 },
    { field: 'firstName', order: 1 },
  ],
  rows: CLIENT_PAGE_SIZE,
  mode: 'basic',
};

const column = z.enum(CLIENT_ALL_COLUMNS);
const storedViewSchema = z.object({
  columns: z.array(column).min(1),
  sort: z
    .array(z.object({ field: column, order: z.union([z.literal(1), z.literal(-1)]) }))
    .max(MAX_SORT_TERMS),
  rows: z.number().refine((n) => (CLIENT_PAGE_SIZES as readonly number[]).includes(n)),
  mode: z.enum(['basic', 'advanced']),
});

/** Per user; under the app's prefix, so sign-out clears it with the rest (it holds view settings only). */
export const viewStorageKey = (userId: number) => `${APP_STORAGE_PREFIX}clients.listView.${userId}`;

function readView(userId: number): ListView {
  try {
    const raw = window.localStorage.getItem(viewStorageKey(userId));
    const parsed = raw ? storedViewSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? { ...parsed.data, columns: inListOrder(parsed.data.columns) } : DEFAULT_VIEW;
  } catch {
    return DEFAULT_VIEW;
  }
}

function writeView(userId: number, view: ListView): void {
  try {
    window.localStorage.setItem(viewStorageKey(userId), JSON.stringify(view));
  } catch {
    // Storage full or blocked: the view still works for this visit.
  }
}

export function useClientListView(userId: number) {
  const [view, setView] = useState<ListView>(() => readView(userId));

  useEffect(() => writeView(userId, view), [userId, view]);

  const update = useCallback((change: Partial<ListView>) => setView((v) => ({ ...v, ...change })), []);
  return {
    view,
    setColumns: useCallback(
      (columns: ClientColumn[]) => columns.length > 0 && update({ columns: inListOrder(columns) }),
      [update],
    ),
    setSort: useCallback((sort: SortTerm[]) => update({ sort: sort.slice(0, MAX_SORT_TERMS) }), [update]),
    setRows: useCallback((rows: number) => update({ rows }), [update]),
    setMode: useCallback((mode: ClientView) => update({ mode }), [update]),
    restore: useCallback(() => setView(DEFAULT_VIEW), []),
  };
}
