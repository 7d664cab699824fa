import type { ClientListQuery, ClientListRow, ClientPage } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { listConditions, orderBy, parseSort } from './client-list.sql.ts';

/**
 * Totals: exact for the plain list (an index-only count), capped for searches and column filters, where
 * counting every match of a short, common term would cost more than the page itself. A capped total comes
 * back with totalExact false and the list says "more than N".
 */
export const SEARCH_COUNT_CAP = 1000;

const LIST_COLUMNS = sql.raw(
  'id, company_id as "companyId", name, first_name as "firstName", preferred_name as "preferredName", ' +
    'last_name as "lastName", email, mobile, type, status, category',
);

export async function listClients(tx: Tx, companyId: number, q: ClientListQuery): Promise<ClientPage> {
  const where = listConditions(companyId, q);
  const order = orderBy(parseSort(q.sort));
  const narrowed = Boolean(q.search?.trim() || q.filters);
  const offset = (q.page - 1) * q.size;

  const counted = narrowed
    ? await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from clients where ${where} limit ${SEARCH_COUNT_CAP + 1}) t`,
      )
    : await tx.execute<{ n: number }>(sql`select count(*)::int as n from clients where ${where}`);
  const total = counted.rows[0]?.n ?? 0;
  const totalExact = !narrowed || total <= SEARCH_COUNT_CAP;

  // Few matches: filter first, then sort them (the planner may otherwise walk the whole sort index
  // looking for rare matches). Many matches: walk the sort index, which meets a page of them at once.
  const page =
    narrowed && totalExact
      ? sql`with m as materialized (select * from clients where ${where})
            select ${LIST_COLUMNS} from m order by ${order} limit ${q.size} offset ${offset}`
      : sql`select ${LIST_COLUMNS} from clients where ${where} order by ${order} limit ${q.size} offset ${offset}`;
  const rows = total === 0 ? [] : (await tx.execute<ClientListRow>(page)).rows;
  return { content: rows, totalElements: totalExact ? total : SEARCH_COUNT_CAP, totalExact };
}
