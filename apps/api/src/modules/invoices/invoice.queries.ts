import { type Invoice, invoiceLineSchema, invoiceSchema, paymentSchema } from '@pd/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clients, invoiceLines, invoices, payments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** 'unpaid' is derived: issued, past due in the company's time zone, and something still outstanding. */
export const unpaidCondition = (today: string) =>
  sql`(i.status = 'active' and i.due < ${today}::date and i.paid_cents < i.total_cents)`;
export const derivedStatus = (today: string) =>
  sql`case when ${unpaidCondition(today)} then 'unpaid' else i.status end`;

const COLUMNS = (today: string) => sql`
  i.id, i.company_id as "companyId", i.number,
  case when i.number is null then null else coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') end as reference,
  i.client_id as "clientId", c.name as "clientName", i.bill_to_client_id as "billToClientId",
  b.name as "billToClientName", i.affiliate_client_id as "affiliateClientId",
  i.practitioner_id as "practitionerId", i.appointment_id as "appointmentId",
  i.client_product_id as "clientProductId", i.billing_plan_id as "billingPlanId",
  i.billing_run_id as "billingRunId", to_char(i.billing_period, 'YYYY-MM-DD') as "billingPeriod",
  ${derivedStatus(today)} as status, to_char(i.invoiced, 'YYYY-MM-DD') as invoiced,
  to_char(i.due, 'YYYY-MM-DD') as due, i.use_tax_rate as "useTaxRate", i.currency,
  i.subtotal_cents::float8 as "subtotalCents", i.vat_cents::float8 as "vatCents",
  i.total_cents::float8 as "totalCents", i.paid_cents::float8 as "paidCents",
  (i.total_cents - i.paid_cents)::float8 as "outstandingCents", i.notes, ${iso(sql`i.created_at`)} as created`;

export const INVOICE_FROM = sql`invoices i
  join clients c on c.company_id = i.company_id and c.id = i.client_id
  join clients b on b.company_id = i.company_id and b.id = i.bill_to_client_id
  left join billing_settings bs on bs.company_id = i.company_id`;

export interface InvoiceSelect {
  today: string;
  /** Conditions over invoices i (and clients c, b) besides the company, which is always named. */
  where?: SQL;
  orderBy?: SQL;
  limit?: number;
  offset?: number;
}

export function selectInvoices(tx: Tx, companyId: number, q: InvoiceSelect): Promise<Invoice[]> {
  return selectRows(
    tx,
    invoiceSchema,
    sql`select ${COLUMNS(q.today)} from ${INVOICE_FROM}
         where i.company_id = ${companyId}${q.where ? sql` and ${q.where}` : sql``}
         order by ${q.orderBy ?? sql`i.invoiced desc, i.id desc`}
         ${q.limit === undefined ? sql`` : sql`limit ${q.limit}`} ${q.offset ? sql`offset ${q.offset}` : sql``}`,
  );
}

export const findInvoice = async (tx: Tx, companyId: number, id: number, today: string) =>
  (await selectInvoices(tx, companyId, { today, where: sql`i.id = ${id}` }))[0];

export const linesOf = (tx: Tx, companyId: number, invoiceId: number) =>
  selectRows(
    tx,
    invoiceLineSchema,
    sql`select id, position, product_id as "productId", client_product_id as "clientProductId",
               billing_plan_id as "billingPlanId", description, tariff_code as "tariffCode", quantity, unit_price_cents::float8 as "unitPriceCents",
               vat_rate_bps as "vatRateBps", net_cents::float8 as "netCents", vat_cents::float8 as "vatCents"
          from invoice_lines where company_id = ${companyId} and invoice_id = ${invoiceId} order by position`,
  );

export const paymentsOf = (tx: Tx, companyId: number, invoiceId: number) =>
  selectRows(
    tx,
    paymentSchema,
    sql`select id, invoice_id as "invoiceId", amount_cents::float8 as amount, to_char(paid_on, 'YYYY-MM-DD') as date,
               method, reference, ${iso(sql`created_at`)} as created
          from payments where company_id = ${companyId} and invoice_id = ${invoiceId} order by paid_on, id`,
  );

export type InvoiceRow = typeof invoices.$inferSelect;

const invoiceOf = (companyId: number, id: number) =>
  and(eq(invoices.companyId, companyId), eq(invoices.id, id));

/** The stored row, locked until the transaction ends: updates, payments and cancelling go one at a time. */
export async function lockInvoice(tx: Tx, companyId: number, id: number): Promise<InvoiceRow | undefined> {
  const rows = await tx.select().from(invoices).where(invoiceOf(companyId, id)).for('update');
  return rows[0];
}

export async function insertInvoiceRow(
  tx: Tx,
  values: typeof invoices.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return row?.id;
}

export async function updateInvoiceRow(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof invoices.$inferInsert>,
) {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(invoiceOf(companyId, id));
}

export type LineInsert = Omit<typeof invoiceLines.$inferInsert, 'id' | 'companyId' | 'invoiceId'>;

const linesOfInvoice = (companyId: number, invoiceId: number) =>
  and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId));

/** Replaces every line of the invoice. */
export async function writeLines(tx: Tx, companyId: number, invoiceId: number, lines: LineInsert[]) {
  await tx.delete(invoiceLines).where(linesOfInvoice(companyId, invoiceId));
  if (lines.length > 0)
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, companyId, invoiceId })));
}

export async function deleteInvoiceRow(tx: Tx, companyId: number, id: number) {
  await tx.delete(invoiceLines).where(linesOfInvoice(companyId, id));
  await tx.delete(invoices).where(invoiceOf(companyId, id));
}

export async function insertPayment(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
  return row?.id;
}

const billableClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  billToClientId: z.number(),
  affiliateClientId: z.number().nullable(),
});
export type BillableClient = z.infer<typeof billableClientSchema>;

/** A live client and whom it is billed to: its billing client when one is set and live, else itself. */
export const findBillableClient = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    billableClientSchema,
    sql`select c.id, c.name, coalesce(b.id, c.id) as "billToClientId", c.affiliate_client_id as "affiliateClientId"
          from clients c
          left join clients b on b.company_id = c.company_id and b.id = c.billing_client_id and b.deleted_at is null
         where c.company_id = ${companyId} and c.id = ${id} and c.deleted_at is null`,
  );

const billableProductSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  productId: z.number(),
  uniqueId: z.string(),
  name: z.string(),
  billingPlanId: z.number().nullable(),
  premium: z.number(),
  planAmount: z.number().nullable(),
  tariffCode: z.string().nullable(),
});
export type BillableProduct = z.infer<typeof billableProductSchema>;

export const findBillableClientProduct = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    billableProductSchema,
    sql`select cp.id, cp.client_id as "clientId", cp.product_id as "productId", cp.unique_id as "uniqueId", cp.name,
               cp.billing_plan_id as "billingPlanId", cp.premium::float8 as premium, bp.amount::float8 as "planAmount", p.tariff_code as "tariffCode"
          from client_products cp
          left join billing_plans bp on bp.company_id = cp.company_id and bp.id = cp.billing_plan_id
          left join products p on p.company_id = cp.company_id and p.id = cp.product_id
         where cp.company_id = ${companyId} and cp.id = ${id} and cp.deleted_at is null`,
  );

export async function findUserId(tx: Tx, companyId: number, id: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row?.id;
}

export async function findLiveClientId(tx: Tx, companyId: number, id: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id), isNull(clients.deletedAt)));
  return row?.id;
}

/** The latest invoice (not cancelled) of an appointment. */
export async function findInvoiceIdByAppointment(tx: Tx, companyId: number, appointmentId: number) {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.appointmentId, appointmentId)))
    .orderBy(sql`${invoices.status} = 'cancelled'`, desc(invoices.id))
    .limit(1);
  return row?.id;
}
