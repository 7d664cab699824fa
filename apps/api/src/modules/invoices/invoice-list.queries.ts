import type { Invoice, InvoiceList, InvoiceListQuery, InvoicePage, InvoiceSortField } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { searchIndexFor, searchPairsPattern, searchPattern } from '../clients/client-list.sql.ts';
import { INVOICE_FROM, selectInvoices, unpaidCondition } from './invoice.queries.ts';

/** The status lists (spec section 4); 'all' is every invoice, drafts and cancelled ones included. */
export function listCondition(list: InvoiceList | 'draft' | 'cancelled', today: string): SQL {
  switch (list) {
    case 'active':
      return sql`(i.status = 'active' and not ${unpaidCondition(today)})`;
    case 'unpaid':
      return unpaidCondition(today);
    case 'all':
      return sql`true`;
    default:
      return sql`i.status = ${list}`;
  }
}

/** The plain lists answer the newest invoices only; the lazy list pages through any number. */
export const LIST_LIMIT = 1000;

/** Invoices matching a condition, newest first (status, practitioner, affiliate and run lists). */
export const invoicesWhere = (tx: Tx, companyId: number, where: SQL, today: string) =>
  selectInvoices(tx, { today, where: sql`i.company_id = ${companyId} and ${where}`, limit: LIST_LIMIT });

export const listInvoices = (tx: Tx, companyId: number, list: InvoiceList, today: string) =>
  invoicesWhere(tx, companyId, listCondition(list, today), today);

const SORT_COLUMNS: Record<InvoiceSortField, SQL> = {
  invoiced: sql`i.invoiced`,
  due: sql`i.due`,
  number: sql`i.number`,
  clientName: sql`lower(c.name)`,
  status: sql`i.status`,
  totalCents: sql`i.total_cents`,
  outstandingCents: sql`(i.total_cents - i.paid_cents)`,
};

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`);

/** A search that reads as an invoice reference ('INV-000042', 'inv 42', '42'): its number. */
export function referenceNumber(search: string): number | undefined {
  const match = /^\s*(?:[a-z]+\s*-?\s*)?(\d{1,9})\s*$/i.exec(search);
  return match ? Number(match[1]) : undefined;
}

/**
 * The company's live clients whose name contains the text (one or two letters or digits in a row), looked up
 * through the client list's doubled-pairs index for two, else by a scan.
 */
async function clientsNamed(tx: Tx, companyId: number, search: string): Promise<number[]> {
  const contains = searchPattern(search);
  const index = searchIndexFor(search);
  const tids =
    index === 'pairs'
      ? sql` and c.ctid = any(array(select pd_client_search_pairs_tids(${searchPairsPattern(search)})))`
      : sql``;
  const { rows } = await tx.execute<{ id: number }>(sql`select c.id from clients c
     where c.company_id = ${companyId} and c.deleted_at is null and lower(c.name) like ${contains}${tids}`);
  return rows.map((r) => Number(r.id));
}

/** Every condition of the lazy list; user text reaches SQL only as a parameter. */
function conditions(
  companyId: number,
  q: InvoiceListQuery,
  today: string,
  scope: SQL | undefined,
  named: number[] | undefined,
): SQL {
  const parts: SQL[] = [sql`i.company_id = ${companyId}`];
  if (scope) parts.push(scope);
  const search = q.search?.trim();
  if (search && referenceNumber(search) !== undefined) {
    parts.push(sql`i.number = ${referenceNumber(search)}`);
  } else if (search && searchIndexFor(search) === 'trigrams') {
    parts.push(sql`i.ctid = any(array(select pd_invoice_search_tids(${searchPattern(search)})))`);
  } else if (named) {
    const ids = sql`${sql.param(named)}::bigint[]`;
    parts.push(sql`(i.client_id = any(${ids}) or i.bill_to_client_id = any(${ids}))`);
  }
  const f = q.filters;
  if (f?.status) parts.push(listCondition(f.status, today));
  if (f?.clientId) parts.push(sql`i.client_id = ${f.clientId}`);
  if (f?.clientName) parts.push(sql`lower(c.name) like ${`${escapeLike(f.clientName)}%`}`);
  if (q.start) parts.push(sql`i.invoiced >= ${q.start}::date`);
  if (q.end) parts.push(sql`i.invoiced <= ${q.end}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * Every invoice of the company, counted without visiting them: numbers are gapless and a numbered invoice is
 * never deleted (only cancelled), so the numbered ones are exactly the last number taken; drafts have none.
 */
const everyInvoiceCount = (companyId: number) => sql`
  select (coalesce((select last_invoice_number from billing_settings where company_id = ${companyId}), 0)
          + (select count(*) from invoices i where i.company_id = ${companyId} and i.status = 'draft'))::int as n`;

/** One page, sorted by an allow-listed column with the id as the tie-breaker, and the number of matches. */
export async function listInvoicePage(
  tx: Tx,
  companyId: number,
  q: InvoiceListQuery,
  today: string,
  scope?: SQL,
): Promise<InvoicePage> {
  // A name search of three letters or digits in a row goes through the invoices' own trigram index
  // (search_names, migration 0018). A shorter one looks the clients up once (the client list's indexes);
  // the count and the page reuse them.
  const nameSearch =
    q.search?.trim() && referenceNumber(q.search) === undefined && searchIndexFor(q.search) !== 'trigrams';
  const named = nameSearch ? await clientsNamed(tx, companyId, q.search ?? '') : undefined;
  if (named?.length === 0) return { data: [], totalElements: 0 };
  const where = conditions(companyId, q, today, scope, named);
  const needsJoin = Boolean(q.filters?.clientName);
  const onlySearch =
    !scope &&
    !q.start &&
    !q.end &&
    !q.filters?.clientId &&
    !q.filters?.clientName &&
    (!q.filters?.status || q.filters.status === 'all');
  const unfiltered = onlySearch && !q.search;
  // A trigram name search and nothing else: its matches are exactly the search function's rows (pinned to
  // the tenant), counted without reading them.
  const searchOnly =
    onlySearch && referenceNumber(q.search ?? '') === undefined && searchIndexFor(q.search) === 'trigrams';
  const { rows } = await tx.execute<{ n: number }>(
    unfiltered
      ? everyInvoiceCount(companyId)
      : searchOnly
        ? sql`select count(*)::int as n from pd_invoice_search_tids(${searchPattern(q.search)})`
        : needsJoin
          ? sql`select count(*)::int as n from ${INVOICE_FROM} where ${where}`
          : sql`select count(*)::int as n from invoices i where ${where}`,
  );
  const totalElements = rows[0]?.n ?? 0;
  if (totalElements === 0) return { data: [], totalElements };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const orderBy = sql`${SORT_COLUMNS[q.sortField]} ${direction}, i.id ${direction}`;
  const offset = (q.page - 1) * q.size;
  // Sorted by an invoice column: the page's ids first, from the invoices alone, so the client look-ups and
  // derived columns are worked out for ten rows, not for every match (4,700 for a common name).
  const byInvoiceColumn = !needsJoin && q.sortField !== 'clientName';
  const data: Invoice[] = await selectInvoices(
    tx,
    byInvoiceColumn
      ? {
          today,
          where: sql`i.company_id = ${companyId} and i.id = any(array(
            select i.id from invoices i where ${where} order by ${orderBy} limit ${q.size} offset ${offset}))`,
          orderBy,
        }
      : { today, where, orderBy, limit: q.size, offset },
  );
  return { data, totalElements };
}
