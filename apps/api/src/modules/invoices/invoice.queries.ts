import type { Invoice, InvoiceLine, Payment } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { invoiceLines, invoices, payments } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

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
  where: SQL;
  orderBy?: SQL;
  limit?: number;
  offset?: number;
}

export async function selectInvoices(tx: Tx, q: InvoiceSelect): Promise<Invoice[]> {
  const { rows } = await tx.execute<Invoice>(sql`
    select ${COLUMNS(q.today)} from ${INVOICE_FROM} where ${q.where}
     order by ${q.orderBy ?? sql`i.invoiced desc, i.id desc`}
     ${q.limit === undefined ? sql`` : sql`limit ${q.limit}`} ${q.offset ? sql`offset ${q.offset}` : sql``}`);
  return rows;
}

export const findInvoice = async (tx: Tx, id: number, today: string) =>
  (await selectInvoices(tx, { today, where: sql`i.id = ${id}` }))[0];

export async function linesOf(tx: Tx, invoiceId: number): Promise<InvoiceLine[]> {
  const { rows } = await tx.execute<InvoiceLine>(sql`
    select id, position, product_id as "productId", client_product_id as "clientProductId",
           billing_plan_id as "billingPlanId", description, quantity, unit_price_cents::float8 as "unitPriceCents",
           vat_rate_bps as "vatRateBps", net_cents::float8 as "netCents", vat_cents::float8 as "vatCents"
      from invoice_lines where invoice_id = ${invoiceId} order by position`);
  return rows;
}

export async function paymentsOf(tx: Tx, invoiceId: number): Promise<Payment[]> {
  const { rows } = await tx.execute<Payment>(sql`
    select id, invoice_id as "invoiceId", amount_cents::float8 as amount, to_char(paid_on, 'YYYY-MM-DD') as date,
           method, reference, ${iso(sql`created_at`)} as created
      from payments where invoice_id = ${invoiceId} order by paid_on, id`);
  return rows;
}

export type InvoiceRow = typeof invoices.$inferSelect;

/** The stored row, locked until the transaction ends: updates, payments and cancelling go one at a time. */
export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceRow | undefined> {
  const rows = await tx.select().from(invoices).where(sql`${invoices.id} = ${id}`).for('update');
  return rows[0];
}

export async function insertInvoiceRow(
  tx: Tx,
  values: typeof invoices.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return row?.id;
}

export async function updateInvoiceRow(tx: Tx, id: number, values: Partial<typeof invoices.$inferInsert>) {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${invoices.id} = ${id}`);
}

export type LineInsert = Omit<typeof invoiceLines.$inferInsert, 'id' | 'companyId' | 'invoiceId'>;

/** Replaces every line of the invoice. */
export async function writeLines(tx: Tx, companyId: number, invoiceId: number, lines: LineInsert[]) {
  await tx.delete(invoiceLines).where(sql`${invoiceLines.invoiceId} = ${invoiceId}`);
  if (lines.length > 0)
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, companyId, invoiceId })));
}

export async function deleteInvoiceRow(tx: Tx, id: number) {
  await tx.delete(invoiceLines).where(sql`${invoiceLines.invoiceId} = ${id}`);
  await tx.delete(invoices).where(sql`${invoices.id} = ${id}`);
}

export async function insertPayment(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
  return row?.id;
}

export type BillableClient = {
  id: number;
  name: string;
  billToClientId: number;
  affiliateClientId: number | null;
};

/** A live client and whom it is billed to: its billing client when one is set and live, else itself. */
export async function findBillableClient(tx: Tx, id: number): Promise<BillableClient | undefined> {
  const { rows } = await tx.execute<BillableClient>(sql`
    select c.id, c.name, coalesce(b.id, c.id) as "billToClientId", c.affiliate_client_id as "affiliateClientId"
      from clients c
      left join clients b on b.company_id = c.company_id and b.id = c.billing_client_id and b.deleted_at is null
     where c.id = ${id} and c.deleted_at is null`);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), billToClientId: Number(row.billToClientId) };
}

export type BillableProduct = {
  id: number;
  clientId: number;
  productId: number;
  uniqueId: string;
  name: string;
  billingPlanId: number | null;
  premium: number;
  planAmount: number | null;
};

export async function findBillableClientProduct(tx: Tx, id: number): Promise<BillableProduct | undefined> {
  const { rows } = await tx.execute<BillableProduct>(sql`
    select cp.id, cp.client_id as "clientId", cp.product_id as "productId", cp.unique_id as "uniqueId", cp.name,
           cp.billing_plan_id as "billingPlanId", cp.premium::float8 as premium, bp.amount::float8 as "planAmount"
      from client_products cp
      left join billing_plans bp on bp.company_id = cp.company_id and bp.id = cp.billing_plan_id
     where cp.id = ${id} and cp.deleted_at is null`);
  const row = rows[0];
  return row && { ...row, clientId: Number(row.clientId), productId: Number(row.productId) };
}

export async function findUserId(tx: Tx, id: number): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`select id from users where id = ${id}`);
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function findLiveClientId(tx: Tx, id: number): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from clients where id = ${id} and deleted_at is null`,
  );
  return rows[0]?.id;
}

/** The latest invoice (not cancelled) of an appointment. */
export async function findInvoiceIdByAppointment(tx: Tx, appointmentId: number): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select id from invoices where appointment_id = ${appointmentId}
     order by (status = 'cancelled'), id desc limit 1`);
  return rows[0]?.id;
}
