import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import type { TestContext } from '../../test/harness.ts';
import { api, type Session } from '../invoices/invoice-test-support.ts';

let serial = 0;

/** A new ZA client (no invoices yet), with an e-mail address unless told otherwise. */
export async function newClient(ctx: TestContext, who: Session, email: string | null = 'debtor@example.com') {
  serial++;
  const res = await api(ctx).call('POST', `/api/client1/${who.user.companyId}`, who, {
    type: 'N',
    firstName: 'Debtor',
    lastName: `Number${serial}${process.pid}`,
    preferredName: 'Debtor',
    gender: 'M',
    email: 'placeholder@example.com',
    mobile: '+27821234567',
    address1: '1 Main Road',
    addressRegion: 'Sandton',
    addressState: 'Gauteng',
    addressPostalCode: '2196',
  });
  if (res.statusCode !== 201) throw new Error(`client: ${res.body}`);
  const id = Number(res.json().id);
  await system(ctx, sql`update clients set email = ${email} where id = ${id}`);
  return id;
}

/** An issued invoice of one line (no VAT), invoiced on a past date: overdue after 30 days. */
export async function pastInvoice(
  ctx: TestContext,
  who: Session,
  clientId: number,
  cents: number,
  invoiced = '2026-01-05',
) {
  const res = await api(ctx).createInvoice(who, {
    clientId,
    invoiced,
    useTaxRate: 'N',
    lines: [{ description: 'Consultation', quantity: 1, unitPriceCents: cents }],
  });
  if (res.statusCode !== 201) throw new Error(`invoice: ${res.body}`);
  return res.json() as { id: number; reference: string; totalCents: number };
}

const anyRow = z.record(z.string(), z.unknown());

/** A test's own look at the tables, as the system role; the test names the row type it expects. */
export function system<T = Record<string, unknown>>(ctx: TestContext, query: ReturnType<typeof sql>) {
  return withSystem(ctx.database.db, async (tx) => (await selectRows(tx, anyRow, query)) as T[]);
}
