import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';

/** The first day of a date's month: the billing period of an invoice dated that day. */
export const monthStart = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

/** The client product's live (not cancelled) invoice for a billing period, with its reference. */
export const liveInvoiceForPeriod = (tx: Tx, companyId: number, clientProductId: number, period: string) =>
  selectRow(
    tx,
    z.object({ id: z.number(), reference: z.string().nullable() }),
    sql`select i.id, case when i.number is null then null
                     else coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') end as reference
          from invoices i left join billing_settings bs on bs.company_id = i.company_id
         where i.company_id = ${companyId} and i.client_product_id = ${clientProductId}
           and i.billing_period = ${period}::date and i.status <> 'cancelled'
         order by i.id limit 1`,
  );

/** Which of these ids are not products of the company. */
export async function foreignProductIds(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`select id from products where company_id = ${companyId} and id = any(${sql.param([...ids])}::bigint[])`,
  );
  const known = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !known.has(id)));
}
