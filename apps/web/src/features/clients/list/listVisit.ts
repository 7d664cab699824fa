import { CLIENT_ALL_COLUMNS, STANDARD_FILTERS } from '@pd/contracts';
import { z } from 'zod';
import { APP_STORAGE_PREFIX } from '../../../app/storage.ts';
import type { ColumnFilters, StandardFilter } from './useClientListFilters.ts';

/**
 * What narrows the list on one visit, and the page it is on (the sort and columns are the remembered view).
 * Kept in this tab's session storage so Back, or the record page's "Client list", finds the list as it was
 * left (issue 13: return where the user came from). Under the app's prefix: sign-out removes it.
 */
export interface ListVisit {
  searchText: string;
  search: string;
  standardFilter: StandardFilter | null;
  columnFilters: ColumnFilters;
  first: number;
}

const visitSchema = z.object({
  searchText: z.string().max(500),
  search: z.string().max(500),
  standardFilter: z.enum(STANDARD_FILTERS).nullable(),
  columnFilters: z.partialRecord(z.enum(CLIENT_ALL_COLUMNS), z.string().max(500)),
  first: z.number().int().min(0),
});
/** `last` is the visit most recently shown; the others are by history entry (react-router's location key). */
const storedSchema = z.object({ last: visitSchema.optional(), byEntry: z.record(z.string(), visitSchema) });
type Stored = z.infer<typeof storedSchema>;

/** History entries remembered; older ones come back as a fresh list. */
const MAX_ENTRIES = 20;

const storageKey = (userId: number) => `${APP_STORAGE_PREFIX}clients.listVisit.${userId}`;

function read(userId: number): Stored {
  try {
    const raw = window.sessionStorage.getItem(storageKey(userId));
    const parsed = raw ? storedSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : { byEntry: {} };
  } catch {
    return { byEntry: {} };
  }
}

/** React Router's key of a history entry it did not make (a plain link's, the first page's). */
export const UNKEYED_ENTRY = 'default';

/** The visit of this history entry, else (when asked back from another page) the last one shown. */
export function restoredVisit(userId: number, entryKey: string, orLast: boolean): ListVisit | undefined {
  const stored = read(userId);
  const own = entryKey === UNKEYED_ENTRY ? undefined : stored.byEntry[entryKey];
  return own ?? (orLast ? stored.last : undefined);
}

export function rememberVisit(userId: number, entryKey: string, visit: ListVisit): void {
  const stored = read(userId);
  const { [entryKey]: _, ...others } = stored.byEntry;
  const kept = Object.entries(others).slice(-(MAX_ENTRIES - 1));
  const next: Stored = { last: visit, byEntry: { ...Object.fromEntries(kept), [entryKey]: visit } };
  try {
    window.sessionStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // Storage full or blocked: Back shows a fresh list, as before.
  }
}

/** The heading's "start again" reload shows the list as it first looks. */
export function forgetVisits(userId: number): void {
  try {
    window.sessionStorage.removeItem(storageKey(userId));
  } catch {
    // Nothing remembered then either.
  }
}

/** Navigation state of a link back to the list that should find it as it was left. */
export interface ListReturnState {
  restoreList: true;
}
export const LIST_RETURN_STATE: ListReturnState = { restoreList: true };
export const asksRestore = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<ListReturnState>).restoreList === true;
