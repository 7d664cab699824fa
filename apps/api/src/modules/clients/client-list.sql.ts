import {
  CLIENT_ALL_COLUMNS,
  type ClientColumn,
  type ClientListQuery,
  mobileSearchForm,
  searchNeedsCountry,
} from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { ValidationError } from '../../lib/errors.ts';

/** Allow-listed columns: user text never names a column, it only picks one of these. */
const COLUMN_SQL: Record<ClientColumn, SQL> = {
  name: sql.raw('name'),
  firstName: sql.raw('first_name'),
  preferredName: sql.raw('preferred_name'),
  lastName: sql.raw('last_name'),
  email: sql.raw('email'),
  mobile: sql.raw('mobile'),
  type: sql.raw('type'),
  status: sql.raw('status'),
  companyId: sql.raw('company_id'),
  id: sql.raw('id'),
  category: sql.raw('category'),
};
const isColumn = (v: string): v is ClientColumn => (CLIENT_ALL_COLUMNS as readonly string[]).includes(v);

export const DEFAULT_SORT: SortTerm[] = [
  { field: 'lastName', dir: 'asc' },
  { field: 'firstName', dir: 'asc' },
];

export interface SortTerm {
  field: ClientColumn;
  dir: 'asc' | 'desc';
}

/** "lastName:asc,firstName:desc" -> terms; unknown fields are a 400, never SQL. */
export function parseSort(sort: string | undefined): SortTerm[] {
  if (!sort) return DEFAULT_SORT;
  const terms = sort.split(',').map((part) => {
    const [field = '', dir = 'asc'] = part.trim().split(':');
    if (!isColumn(field) || (dir !== 'asc' && dir !== 'desc')) {
      throw new ValidationError('Cannot sort by that.', [
        { path: 'querystring.sort', message: `Unknown sort "${part}".` },
      ]);
    }
    return { field, dir } as SortTerm;
  });
  if (terms.length > 5) throw new ValidationError('Sort by at most five columns.');
  return terms;
}

export function parseColumnFilters(filters: string | undefined): [ClientColumn, string][] {
  if (!filters) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    throw new ValidationError('Filters are not valid JSON.', [
      { path: 'querystring.filters', message: 'Not JSON.' },
    ]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('Filters must be an object.', [
      { path: 'querystring.filters', message: 'Not an object.' },
    ]);
  }
  return Object.entries(parsed).flatMap(([field, value]) => {
    if (!isColumn(field)) {
      throw new ValidationError('Cannot filter by that.', [
        { path: `querystring.filters.${field}`, message: 'Unknown column.' },
      ]);
    }
    if (value === null || value === undefined || value === '') return [];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ValidationError('Filter values are text.', [
        { path: `querystring.filters.${field}`, message: 'Not text.' },
      ]);
    }
    return [[field, String(value).trim().toLowerCase().slice(0, 100)] as [ClientColumn, string]];
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keyword search as a "contains" LIKE pattern (lowercase, wildcards escaped); undefined without one. */
export function searchPattern(search: string | undefined): string | undefined {
  const text = search?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : undefined;
}

/**
 * What the keyword search looks for in the search text: the term as typed and, when it is a phone number as
 * people say it, the same number as mobiles are stored (E.164: '082 108 7109' → '+27821087109' for a ZA
 * company; mobileSearchForm). `country` is the company's, needed only when searchNeedsCountry says so.
 */
export function searchTexts(search: string | undefined, country: string | null): string[] {
  const text = search?.trim().toLowerCase();
  if (!text) return [];
  const phone = mobileSearchForm(text, country);
  return phone && phone !== text ? [text, phone] : [text];
}

/** search_text contains any of the texts. */
export function containsAny(texts: string[]): SQL {
  const each = texts.map((t) => sql`search_text like ${searchPattern(t)}`);
  return each.length === 1 ? (each[0] as SQL) : sql`(${sql.join(each, sql` or `)})`;
}

/**
 * The search as a pattern over clients.search_pairs, where every character is doubled (pd_pairs):
 * 'sm' becomes '%ssmm%', which holds trigrams, so the index serves terms of two characters.
 */
export function searchPairsPattern(search: string | undefined): string | undefined {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const doubled = Array.from(text, (c) => c + c).join('');
  return `%${escapeLike(doubled)}%`;
}

/**
 * Which index can look the term up (pg_trgm splits words at anything but letters and digits): three
 * letters or digits in a row have trigrams of their own; two in a row have trigrams once doubled.
 */
export function searchIndexFor(search: string | undefined): 'trigrams' | 'pairs' | undefined {
  const text = search?.trim().toLowerCase() ?? '';
  if (/[a-z0-9]{3}/.test(text)) return 'trigrams';
  if (/[a-z0-9]{2}/.test(text)) return 'pairs';
  return undefined;
}

const STANDARD_FILTER_SQL = {
  active: sql`status = 'A'`,
  inactive: sql`status = 'I'`,
  pending: sql`status = 'P'`,
  natural: sql`type = 'N'`,
  juristic: sql`type = 'J'`,
} as const;

/**
 * Every condition of the list, always starting with the tenant and "not deleted". `country` is the
 * company's, for a search that is a national phone number (searchTexts).
 */
export function listConditions(companyId: number, q: ClientListQuery, country: string | null): SQL {
  const parts: SQL[] = [sql`company_id = ${companyId}`, sql`deleted_at is null`];
  // Issue 17: prospects are client records too, listed (and exported) only when the filter asks for them.
  if (q.lifecycle !== 'all') parts.push(sql`lifecycle = ${q.lifecycle ?? 'client'}`);
  if (q.clientId) parts.push(sql`id = ${q.clientId}`);
  if (q.filter) parts.push(STANDARD_FILTER_SQL[q.filter]);
  const texts = searchTexts(q.search, country);
  if (texts.length > 0) parts.push(containsAny(texts));
  for (const [field, value] of parseColumnFilters(q.filters)) {
    const startsWith = sql`lower(${COLUMN_SQL[field]}::text) like ${`${escapeLike(value)}%`}`;
    // The mobile column shows national numbers (082 108 7109): its filter takes them as typed, too.
    const stored = field === 'mobile' ? mobileSearchForm(value, country) : undefined;
    parts.push(
      stored?.startsWith('+') && stored !== value
        ? sql`(${startsWith} or mobile like ${`${escapeLike(stored)}%`})`
        : startsWith,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Whether the list's conditions need the company's country: a search or mobile filter typed nationally. */
export const needsCountry = (q: ClientListQuery) =>
  searchNeedsCountry(q.search) ||
  parseColumnFilters(q.filters).some(([field, value]) => field === 'mobile' && searchNeedsCountry(value));

export function orderBy(terms: SortTerm[]): SQL {
  const cols = terms.map((t) => sql`${COLUMN_SQL[t.field]} ${sql.raw(t.dir)}`);
  if (!terms.some((t) => t.field === 'id')) cols.push(sql`id asc`); // stable pages
  return sql.join(cols, sql`, `);
}
