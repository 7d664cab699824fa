import { useSearchParams } from 'react-router-dom';
import type { AuditQuery } from '../../api/messaging.ts';
import { SERVER_PAGE_SIZES } from '../../lib/serverPaging.ts';

const DEFAULT_SIZE = 20;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The audit list's search, date range and page live in the address, so reload and back keep them. */
export function useAuditSearch() {
  const [params, setParams] = useSearchParams();
  const date = (name: string) => {
    const value = params.get(name);
    return value && ISO_DATE.test(value) ? value : undefined;
  };
  const size = SERVER_PAGE_SIZES.includes(Number(params.get('size')))
    ? Number(params.get('size'))
    : DEFAULT_SIZE;
  const query: AuditQuery = {
    search: params.get('search')?.trim() || undefined,
    start: date('start'),
    end: date('end'),
    page: positive(params.get('page'), 1),
    size,
  };
  /** Changes some values; any change but the page goes back to page 1. */
  const update = (changes: Partial<Record<keyof AuditQuery, string | number | undefined>>) => {
    // From the address as it is now, not as this render saw it: the router renders a navigation in a
    // transition, so a Clear followed at once by a search could otherwise bring the cleared filters back.
    const next = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { query, update, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}
