import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';

/** The client's account: issued invoices billed to it (not drafts, not cancelled) and their payments. */
const ACCOUNT = (clientId: number) =>
  sql`i.bill_to_client_id = ${clientId} and i.status not in ('draft', 'cancelled')`;

export type Balances = { openingCents: number; invoicedCents: number; paidCents: number };

/** Opening balance before the period, and what was invoiced and paid within it. */
export async function accountBalances(
  tx: Tx,
  clientId: number,
  start: string,
  end: string,
): Promise<Balances> {
  const { rows } = await tx.execute<Balances>(sql`
    with inv as (select i.id, i.invoiced, i.total_cents from invoices i where ${ACCOUNT(clientId)}),
    pay as (select p.paid_on, p.amount_cents from payments p join inv on inv.id = p.invoice_id)
    select coalesce((select sum(total_cents) from inv where invoiced < ${start}::date), 0)::float8
             - coalesce((select sum(amount_cents) from pay where paid_on < ${start}::date), 0)::float8 as "openingCents",
           coalesce((select sum(total_cents) from inv where invoiced between ${start}::date and ${end}::date), 0)::float8
             as "invoicedCents",
           coalesce((select sum(amount_cents) from pay where paid_on between ${start}::date and ${end}::date), 0)::float8
             as "paidCents"`);
  return rows[0] ?? { openingCents: 0, invoicedCents: 0, paidCents: 0 };
}

export type Ageing = { current: number; days30: number; days60: number; days90: number; days120: number };

/** What is outstanding at the end of the period, by the age of the invoice then (days since invoiced). */
export async function accountAgeing(tx: Tx, clientId: number, end: string): Promise<Ageing> {
  const { rows } = await tx.execute<Ageing>(sql`
    with owed as (
      select ${end}::date - i.invoiced as age,
             i.total_cents - coalesce((select sum(p.amount_cents) from payments p
                                        where p.invoice_id = i.id and p.paid_on <= ${end}::date), 0) as owed
        from invoices i where ${ACCOUNT(clientId)} and i.invoiced <= ${end}::date)
    select coalesce(sum(owed) filter (where age < 30), 0)::float8 as current,
           coalesce(sum(owed) filter (where age >= 30 and age < 60), 0)::float8 as "days30",
           coalesce(sum(owed) filter (where age >= 60 and age < 90), 0)::float8 as "days60",
           coalesce(sum(owed) filter (where age >= 90 and age < 120), 0)::float8 as "days90",
           coalesce(sum(owed) filter (where age >= 120), 0)::float8 as "days120"
      from owed`);
  return rows[0] ?? { current: 0, days30: 0, days60: 0, days90: 0, days120: 0 };
}

export type StatementInvoice = {
  id: number;
  reference: string;
  invoiced: string;
  due: string;
  totalCents: number;
  lines: {
    description: string;
    quantity: number;
    unitPriceCents: number;
    netCents: number;
    vatCents: number;
  }[];
};

/** Every invoice of the account in the period, with its lines, in date order (one statement). */
export async function periodInvoices(tx: Tx, clientId: number, start: string, end: string) {
  const { rows } = await tx.execute<StatementInvoice>(sql`
    select i.id, coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') as reference,
           to_char(i.invoiced, 'YYYY-MM-DD') as invoiced, to_char(i.due, 'YYYY-MM-DD') as due,
           i.total_cents as "totalCents",
           coalesce((select json_agg(json_build_object('description', l.description, 'quantity', l.quantity,
                       'unitPriceCents', l.unit_price_cents, 'netCents', l.net_cents, 'vatCents', l.vat_cents)
                       order by l.position)
                       from invoice_lines l where l.company_id = i.company_id and l.invoice_id = i.id), '[]') as lines
      from invoices i left join billing_settings bs on bs.company_id = i.company_id
     where ${ACCOUNT(clientId)} and i.invoiced between ${start}::date and ${end}::date
     order by i.invoiced, i.number`);
  return rows;
}

export type StatementPayment = {
  id: number;
  date: string;
  amountCents: number;
  method: string;
  reference: string | null;
  invoiceReference: string;
};

export async function periodPayments(tx: Tx, clientId: number, start: string, end: string) {
  const { rows } = await tx.execute<StatementPayment>(sql`
    select p.id, to_char(p.paid_on, 'YYYY-MM-DD') as date, p.amount_cents as "amountCents", p.method, p.reference,
           coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') as "invoiceReference"
      from payments p
      join invoices i on i.company_id = p.company_id and i.id = p.invoice_id
      left join billing_settings bs on bs.company_id = i.company_id
     where ${ACCOUNT(clientId)} and p.paid_on between ${start}::date and ${end}::date
     order by p.paid_on, p.id`);
  return rows;
}

export type StatementClient = { id: number; name: string; email: string | null; address: string[] };

export async function statementClient(tx: Tx, id: number): Promise<StatementClient | undefined> {
  const { rows } = await tx.execute<StatementClient>(sql`
    select id, name, email,
           array_remove(array[address1, address2, address_region,
                              nullif(trim(concat_ws(' ', address_state, address_postal_code)), ''), address_country],
                        null) as address
      from clients where id = ${id} and deleted_at is null`);
  return rows[0];
}
