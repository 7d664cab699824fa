import { useSearchParams } from 'react-router-dom';

/**
 * One report section's choices in the address, each under its own prefixed name (several reports share the
 * page): reload and back keep them. `read` turns the raw values into the section's query, dropping bad ones.
 */
export function useReportSearch<Q extends Record<string, string | number | undefined>>(
  prefix: string,
  read: (raw: (key: keyof Q & string) => string | null) => Q,
) {
  const [params, setParams] = useSearchParams();
  const name = (key: string) => `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`;
  const query = read((key) => params.get(name(key)));
  const update = (changes: Partial<Q>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(name(key));
          else next.set(name(key), String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { query, update };
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_MONTH = /^\d{4}-\d{2}$/;
/** A value of the address that matches, else nothing. */
export const matching = (value: string | null, pattern: RegExp) =>
  value && pattern.test(value) ? value : undefined;
export const idOfParam = (value: string | null) =>
  value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
/** Drops the keys whose value is undefined (the API takes absent filters as absent). */
export const defined = <T extends Record<string, unknown>>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as T;
