import type { Invoice, InvoiceList, InvoiceListQuery, InvoicePage, InvoiceSortField } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { searchIndexFor, searchPairsPattern, searchPattern } from '../clients/client-list.sql.ts';
import { INVOICE_FROM, selectInvoices, unpaidCondition } from './invoice.queries.ts';
import { billingRunScope, unpaidRunScope } from './invoice-runs.queries.ts';

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

/** Which invoices a list shows besides the company's own: a practitioner's, an affiliate's, a run's. */
export type InvoiceScope =
  | { practitionerId: number }
  | { affiliateClientId: number }
  | { billingRunId: number }
  | { unpaidRunId: number };

function scopeCondition(companyId: number, scope: InvoiceScope): SQL {
  if ('practitionerId' in scope) return sql`i.practitioner_id = ${scope.practitionerId}`;
  if ('affiliateClientId' in scope) return sql`i.affiliate_client_id = ${scope.affiliateClientId}`;
  if ('billingRunId' in scope) return billingRunScope(scope.billingRunId);
  return unpaidRunScope(companyId, scope.unpaidRunId);
}

/** The newest invoices of a status list (spec section 4). */
export const listInvoices = (tx: Tx, companyId: number, list: InvoiceList, today: string) =>
  selectInvoices(tx, companyId, { today, where: listCondition(list, today), limit: LIST_LIMIT });

/** The newest invoices of a practitioner, an affiliate or a run. */
export const scopedInvoices = (tx: Tx, companyId: number, scope: InvoiceScope, today: string) =>
  selectInvoices(tx, companyId, { today, where: scopeCondition(companyId, scope), limit: LIST_LIMIT });

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
export async function clientsNamed(tx: Tx, companyId: number, search: string): Promise<number[]> {
  const contains = searchPattern(search);
  const index = searchIndexFor(search);
  const tids =
    index === 'pairs'
      ? sql` and c.ctid = any(array(select pd_client_search_pairs_tids(${searchPairsPattern(search)})))`
      : sql``;
  const rows = await selectRows(
    tx,
    idRow,
    sql`select c.id from clients c
         where c.company_id = ${companyId} and c.deleted_at is null and lower(c.name) like ${contains}${tids}`,
  );
  return rows.map((r) => r.id);
}

const idRow = z.object({ id: z.number() });
const countRow = z.object({ n: z.number() });

/** Every condition of the lazy list but the company; user text reaches SQL only as a parameter. */
export function conditions(
  companyId: number,
  q: InvoiceListQuery,
  today: string,
  scope: InvoiceScope | undefined,
  named: number[] | undefined,
): SQL[] {
  const parts: SQL[] = [];
  if (scope) parts.push(scopeCondition(companyId, scope));
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
  return parts;
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
  scope?: InvoiceScope,
): Promise<InvoicePage> {
  // A name search of three letters or digits in a row goes through the invoices' own trigram index
  // (search_names, migration 0018). A shorter one looks the clients up once (the client list's indexes);
  // the count and the page reuse them.
  const nameSearch =
    q.search?.trim() && referenceNumber(q.search) === undefined && searchIndexFor(q.search) !== 'trigrams';
  const named = nameSearch ? await clientsNamed(tx, companyId, q.search ?? '') : undefined;
  if (named?.length === 0) return { data: [], totalElements: 0 };
  const filters = conditions(companyId, q, today, scope, named);
  const where = sql.join([sql`i.company_id = ${companyId}`, ...filters], sql` and `);
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
  const count = await selectRow(
    tx,
    countRow,
    unfiltered
      ? everyInvoiceCount(companyId)
      : searchOnly
        ? sql`select count(*)::int as n from pd_invoice_search_tids(${searchPattern(q.search)})`
        : needsJoin
          ? sql`select count(*)::int as n from ${INVOICE_FROM} where ${where}`
          : sql`select count(*)::int as n from invoices i where ${where}`,
  );
  const totalElements = count?.n ?? 0;
  if (totalElements === 0) return { data: [], totalElements };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const orderBy = sql`${SORT_COLUMNS[q.sortField]} ${direction}, i.id ${direction}`;
  const offset = (q.page - 1) * q.size;
  // Sorted by an invoice column: the page's ids first, from the invoices alone, so the client look-ups and
  // derived columns are worked out for ten rows, not for every match (4,700 for a common name).
  const byInvoiceColumn = !needsJoin && q.sortField !== 'clientName';
  const data: Invoice[] = await selectInvoices(
    tx,
    companyId,
    byInvoiceColumn
      ? {
          today,
          where: sql`i.id = any(array(
            select i.id from invoices i where ${where} order by ${orderBy} limit ${q.size} offset ${offset}))`,
          orderBy,
        }
      : {
          today,
          where: filters.length > 0 ? sql.join(filters, sql` and `) : undefined,
          orderBy,
          limit: q.size,
          offset,
        },
  );
  return { data, totalElements };
}
