import { addDaysIso } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { createInvoice } from './invoice.service.ts';
import { addPayment } from './invoice-changes.service.ts';
import { billingCompany } from './invoice-context.ts';
import { invoiceDetail } from './invoice-document.ts';
import { companyProductLine } from './invoice-sources.ts';

/** [client index by id, product index, invoiced days ago, paid: all, half or nothing] */
const DEMO: [number, number, number, 'all' | 'half' | null][] = [
  [0, 0, 75, 'all'],
  [1, 1, 45, 'half'],
  [2, 2, 40, null],
  [3, 0, 10, null],
  [4, 1, 3, null],
];

/**
 * A few invoices for a demo company, so the Invoices page has paid, unpaid and active ones: created by the
 * company's administrator through the same service as the API (numbered, VAT per line, audited).
 */
export async function insertDemoInvoices(tx: Tx, companyId: number): Promise<void> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await selectRows(tx, z.object({ id: z.number() }), query)).map((r) => r.id);
  const [adminId] = await ids(
    sql`select id from users where company_id = ${companyId} and rights = 'A' order by id limit 1`,
  );
  if (adminId === undefined) return;
  const clientIds = await ids(
    sql`select id from clients where company_id = ${companyId} and deleted_at is null order by id`,
  );
  const productIds = await ids(sql`select id from products where company_id = ${companyId} order by id`);
  const actor = { companyId, userId: adminId };
  const company = await billingCompany(tx, companyId);
  for (const [client, product, daysAgo, paid] of DEMO) {
    const clientId = clientIds[client];
    const productId = productIds[product];
    if (clientId === undefined || productId === undefined) continue;
    const invoiced = addDaysIso(company.today, -daysAgo);
    const id = await createInvoice(tx, actor, {
      clientId,
      invoiced,
      lines: [await companyProductLine(tx, companyId, productId)],
    });
    if (paid === null) continue;
    const { totalCents: total } = await invoiceDetail(tx, companyId, id, company.today);
    const amount = paid === 'all' ? total : Math.floor(total / 2);
    await addPayment(tx, actor, company, id, {
      amount,
      date: addDaysIso(invoiced, 14),
      method: 'eft',
      reference: `EFT ${id}`,
    });
  }
}
