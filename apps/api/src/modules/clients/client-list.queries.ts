import {
  type ClientListQuery,
  type ClientListRow,
  type ClientPage,
  clientListRowSchema,
  phoneLookupText,
} from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { findCompany } from '../companies/company.queries.ts';
import {
  containsAny,
  listConditions,
  needsCountry,
  orderBy,
  parseSort,
  searchIndexFor,
  searchPairsPattern,
  searchPattern,
  searchTexts,
} from './client-list.sql.ts';

/**
 * Totals: exact for the plain list (an index-only count) and for indexed searches; for a scan with more
 * than SEARCH_COUNT_CAP matches, where counting every match of a short, common term would cost more than
 * the page itself, an estimate with totalExact false (the list says "1,000+"). The estimate always leaves
 * one more page to go to while the pages are full, so every match can be reached.
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

const counted = z.object({ n: z.number().int() });
const countOf = async (tx: Tx, query: SQL) => (await selectRow(tx, counted, query))?.n ?? 0;
const listRows = (tx: Tx, query: SQL): Promise<ClientListRow[]> => selectRows(tx, clientListRowSchema, query);

/**
 * Shapes (figures and plans in docs/benchmarks.md, "Client list and export"):
 * - plain list: exact count off the list-order index, then the page straight off that index;
 * - search with two letters or digits in a row, not common: filter first through the trigram index;
 * - anything else (short or common terms, column filters): one scan for up to 1,001 matches; if there
 *   are more, the page comes from walking the list-order index, which meets a page of them soon.
 */
export async function listClients(tx: Tx, companyId: number, q: ClientListQuery): Promise<ClientPage> {
  const country = needsCountry(q) ? await companyCountry(tx, companyId) : null;
  const where = listConditions(companyId, q, country);
  const window = sql`order by ${orderBy(parseSort(q.sort))} limit ${q.size} offset ${(q.page - 1) * q.size}`;
  if (!q.search?.trim() && !q.filters) {
    const total = await countOf(tx, sql`select count(*)::int as n from clients where ${where}`);
    const rows =
      total === 0
        ? []
        : await listRows(tx, sql`select ${LIST_COLUMNS} from clients where ${where} ${window}`);
    return { content: rows, totalElements: total, totalExact: true };
  }

  // A phone number is looked for as typed and as stored (E.164): each form through its own index lookup.
  const texts = searchTexts(q.search, country);
  const indexed = texts.length > 0 && texts.every((text) => searchIndexFor(text) !== undefined);
  if (indexed && !(await isCommon(tx, companyId, texts))) {
    // Under row-level security the planner cannot use a trigram index for LIKE (not leakproof), so a
    // SECURITY DEFINER function (migrations 0004, 0011) finds the matches' row addresses through it;
    // fetching them by address applies the policy and every condition again.
    // A whole number is looked up by its national part (phoneLookupText); `where` checks the full text.
    const tids = sql.join(
      texts
        .map(phoneLookupText)
        .map((text) =>
          searchIndexFor(text) === 'trigrams'
            ? sql`select pd_client_search_tids(${searchPattern(text)})`
            : sql`select pd_client_search_pairs_tids(${searchPairsPattern(text)})`,
        ),
      sql` union all `,
    );
    const matched = sql`select ${MATCH_COLUMNS} from clients
      where ${where} and ctid = any(array(${tids}))`;
    const { rows, matches } = await pageOfMatches(tx, matched, window, q.page);
    return { content: rows, totalElements: matches, totalExact: true };
  }

  const { rows, matches } = await pageOfMatches(
    tx,
    sql`select ${MATCH_COLUMNS} from clients where ${where} limit ${SEARCH_COUNT_CAP + 1}`,
    window,
    q.page,
  );
  if (matches <= SEARCH_COUNT_CAP) return { content: rows, totalElements: matches, totalExact: true };
  const walked = await listRows(tx, sql`select ${LIST_COLUMNS} from clients where ${where} ${window}`);
  const before = (q.page - 1) * q.size;
  if (walked.length > 0 && walked.length < q.size) {
    return { content: walked, totalElements: before + walked.length, totalExact: true }; // the last page
  }
  if (walked.length === 0 && q.page > 1) {
    // Past the end: the count the estimate avoided, paid only by a caller who pages beyond it.
    const total = await countOf(tx, sql`select count(*)::int as n from clients where ${where}`);
    return { content: walked, totalElements: total, totalExact: true };
  }
  const estimate = Math.max(SEARCH_COUNT_CAP + 1, before + walked.length + 1);
  return { content: walked, totalElements: estimate, totalExact: false };
}

const rowWithMatches = clientListRowSchema.extend({ matches: z.number().int() });

/** Materialises the matches once and answers both the page of them and how many there are. */
async function pageOfMatches(tx: Tx, matched: SQL, window: SQL, page: number) {
  const found = await selectRows(
    tx,
    rowWithMatches,
    sql`with m as materialized (${matched})
        select ${LIST_COLUMNS}, (select count(*) from m)::int as matches from m ${window}`,
  );
  const rows = found.map(({ matches: _, ...row }) => row);
  let matches = found[0]?.matches;
  if (matches === undefined && page > 1) {
    // A page past the last one carries no count: count on its own.
    matches = await countOf(tx, sql`select count(*)::int as n from (${matched}) t`);
  }
  return { rows, matches: matches ?? 0 };
}

/** The company's country: a search typed as a national phone number means a number of that country. */
export const companyCountry = async (tx: Tx, companyId: number) =>
  (await findCompany(tx, companyId))?.country ?? null;

/** A quick look at the company's first clients: a common term is better met by walking the sort order. */
async function isCommon(tx: Tx, companyId: number, texts: string[]): Promise<boolean> {
  const probe = await selectRow(
    tx,
    probeCounts,
    sql`select count(*) filter (where ${containsAny(texts)})::int as hits, count(*)::int as seen
          from (select search_text from clients where company_id = ${companyId} and deleted_at is null
                 order by id limit ${PROBE_ROWS}) s`,
  );
  const { hits = 0, seen = 0 } = probe ?? {};
  return hits > 0 && hits * COMMON_SHARE >= seen;
}

const probeCounts = z.object({ hits: z.number().int(), seen: z.number().int() });

export const EXPORT_BATCH = 2000;

/** The export's next batch: the list's conditions, keyset on id, so memory stays flat. */
export function clientExportBatch(
  tx: Tx,
  companyId: number,
  country: string,
  q: ClientListQuery,
  afterId: number,
) {
  return listRows(
    tx,
    sql`select ${LIST_COLUMNS} from clients
         where ${listConditions(companyId, q, country)} and id > ${afterId} order by id limit ${EXPORT_BATCH}`,
  );
}
