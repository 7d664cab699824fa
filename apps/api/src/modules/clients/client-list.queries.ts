import type { ClientListQuery, ClientListRow, ClientPage } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import {
  listConditions,
  orderBy,
  parseSort,
  searchIndexFor,
  searchPairsPattern,
  searchPattern,
} from './client-list.sql.ts';

/**
 * Totals: exact for the plain list (an index-only count), capped for searches and column filters, where
 * counting every match of a short, common term would cost more than the page itself. A capped total comes
 * back with totalExact false and the list says "more than N".
 */
export const SEARCH_COUNT_CAP = 1000;

/** A search matching 1 in 20 or more of the company's first 1,000 clients (id order) counts as common. */
const PROBE_ROWS = 1000;
const COMMON_SHARE = 20;

const LIST_COLUMNS = sql.raw(
  'id, company_id as "companyId", name, first_name as "firstName", preferred_name as "preferredName", ' +
    'last_name as "lastName", email, mobile, type, status, category',
);
/** The same columns under their own names (every allow-listed sort is one): what a set of matches keeps. */
const MATCH_COLUMNS = sql.raw(
  'id, company_id, name, first_name, preferred_name, last_name, email, mobile, type, status, category',
);

/**
 * Shapes (figures and plans in docs/benchmarks.md, "Client list and export"):
 * - plain list: exact count off the list-order index, then the page straight off that index;
 * - search with two letters or digits in a row, not common: filter first through the trigram index;
 * - anything else (short or common terms, column filters): one scan for up to 1,001 matches; if there
 *   are more, the page comes from walking the list-order index, which meets a page of them soon.
 */
export async function listClients(tx: Tx, companyId: number, q: ClientListQuery): Promise<ClientPage> {
  const where = listConditions(companyId, q);
  const window = sql`order by ${orderBy(parseSort(q.sort))} limit ${q.size} offset ${(q.page - 1) * q.size}`;
  if (!q.search?.trim() && !q.filters) {
    const counted = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from clients where ${where}`,
    );
    const total = counted.rows[0]?.n ?? 0;
    const rows =
      total === 0
        ? []
        : (await tx.execute<ClientListRow>(sql`select ${LIST_COLUMNS} from clients where ${where} ${window}`))
            .rows;
    return { content: rows, totalElements: total, totalExact: true };
  }

  const pattern = searchPattern(q.search);
  const index = searchIndexFor(q.search);
  if (pattern && index && !(await isCommon(tx, companyId, pattern))) {
    // Under row-level security the planner cannot use a trigram index for LIKE (not leakproof), so a
    // SECURITY DEFINER function (migrations 0004, 0011) finds the matches' row addresses through it;
    // fetching them by address applies the policy and every condition again.
    const tids =
      index === 'trigrams'
        ? sql`pd_client_search_tids(${pattern})`
        : sql`pd_client_search_pairs_tids(${searchPairsPattern(q.search)})`;
    const matched = sql`select ${MATCH_COLUMNS} from clients
      where ${where} and ctid = any(array(select ${tids}))`;
    const { rows, matches } = await pageOfMatches(tx, matched, window, q.page);
    return { content: rows, ...capped(matches) };
  }

  const { rows, matches } = await pageOfMatches(
    tx,
    sql`select ${MATCH_COLUMNS} from clients where ${where} limit ${SEARCH_COUNT_CAP + 1}`,
    window,
    q.page,
  );
  if (matches <= SEARCH_COUNT_CAP) return { content: rows, totalElements: matches, totalExact: true };
  const walked = await tx.execute<ClientListRow>(
    sql`select ${LIST_COLUMNS} from clients where ${where} ${window}`,
  );
  return { content: walked.rows, ...capped(matches) };
}

const capped = (matches: number) => ({
  totalElements: Math.min(matches, SEARCH_COUNT_CAP),
  totalExact: matches <= SEARCH_COUNT_CAP,
});

/** Materialises the matches once and answers both the page of them and how many there are. */
async function pageOfMatches(tx: Tx, matched: SQL, window: SQL, page: number) {
  const result = await tx.execute<ClientListRow & { matches: number }>(sql`
    with m as materialized (${matched})
    select ${LIST_COLUMNS}, (select count(*) from m)::int as matches from m ${window}`);
  const rows = result.rows.map(({ matches: _, ...row }) => row);
  let matches = result.rows[0]?.matches;
  if (matches === undefined && page > 1) {
    // A page past the last one carries no count: count on its own.
    const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${matched}) t`);
    matches = counted.rows[0]?.n;
  }
  return { rows, matches: matches ?? 0 };
}

/** A quick look at the company's first clients: a common term is better met by walking the sort order. */
async function isCommon(tx: Tx, companyId: number, pattern: string): Promise<boolean> {
  const probe = await tx.execute<{ hits: number; seen: number }>(sql`
    select count(*) filter (where search_text like ${pattern})::int as hits, count(*)::int as seen
      from (select search_text from clients where company_id = ${companyId} and deleted_at is null
             order by id limit ${PROBE_ROWS}) s`);
  const { hits = 0, seen = 0 } = probe.rows[0] ?? {};
  return hits > 0 && hits * COMMON_SHARE >= seen;
}
