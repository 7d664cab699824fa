import { INVOICE_LISTS, type InvoiceListQuery, type InvoiceTotals } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';
import { searchIndexFor } from '../clients/client-list.sql.ts';
import { INVOICE_FROM } from './invoice.queries.ts';
import {
  clientsNamed,
  conditions,
  type InvoiceScope,
  listCondition,
  referenceNumber,
} from './invoice-list.queries.ts';

const totalsRow = z.object(
  Object.fromEntries(
    INVOICE_LISTS.flatMap((list) => [
      [`${list}_count`, z.number()],
      [`${list}_total`, z.number()],
      [`${list}_outstanding`, z.number()],
    ]),
  ),
);

const zeros = (): InvoiceTotals =>
  INVOICE_LISTS.map((list) => ({ list, count: 0, totalCents: 0, outstandingCents: 0 }));

/**
 * Issue 13: each status list's count, total and outstanding under the lazy list's search, client and dates
 * (its status filter and paging aside), in one pass over the matching invoices.
 */
export async function invoiceListTotals(
  tx: Tx,
  companyId: number,
  q: InvoiceListQuery,
  today: string,
  scope?: InvoiceScope,
): Promise<InvoiceTotals> {
  const nameSearch =
    q.search?.trim() && referenceNumber(q.search) === undefined && searchIndexFor(q.search) !== 'trigrams';
  const named = nameSearch ? await clientsNamed(tx, companyId, q.search ?? '') : undefined;
  if (named?.length === 0) return zeros();
  const unlisted = { ...q, filters: { ...q.filters, status: undefined } };
  const filters = conditions(companyId, unlisted, today, scope, named);
  const where = sql.join([sql`i.company_id = ${companyId}`, ...filters], sql` and `);
  const from = q.filters?.clientName ? INVOICE_FROM : sql`invoices i`;
  // Column aliases come from the fixed list names, never from user text.
  const columns = INVOICE_LISTS.map((list) => {
    const only = sql`filter (where ${listCondition(list, today)})`;
    // Drafts and cancelled invoices ('all' lists them) are owed by nobody.
    const owed = sql`filter (where ${listCondition(list, today)} and i.status not in ('draft', 'cancelled'))`;
    const alias = (what: string) => sql.raw(`"${list}_${what}"`);
    return sql`(count(*) ${only})::float8 as ${alias('count')},
      coalesce(sum(i.total_cents) ${only}, 0)::float8 as ${alias('total')},
      coalesce(sum(i.total_cents - i.paid_cents) ${owed}, 0)::float8 as ${alias('outstanding')}`;
  });
  const row = await selectRow(
    tx,
    totalsRow,
    sql`select ${sql.join(columns, sql`, `)} from ${from} where ${where}`,
  );
  if (!row) return zeros();
  return INVOICE_LISTS.map((list) => ({
    list,
    count: row[`${list}_count`] ?? 0,
    totalCents: row[`${list}_total`] ?? 0,
    outstandingCents: row[`${list}_outstanding`] ?? 0,
  }));
}
