import { PAYMENT_METHOD_CODES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';

/** The client's account: issued invoices billed to it (not drafts, not cancelled) and their payments. */
const ACCOUNT = (companyId: number, clientId: number) =>
  sql`i.company_id = ${companyId} and i.bill_to_client_id = ${clientId} and i.status not in ('draft', 'cancelled')`;

const balancesRow = z.object({ openingCents: z.number(), invoicedCents: z.number(), paidCents: z.number() });
export type Balances = z.infer<typeof balancesRow>;

/** Opening balance before the period, and what was invoiced and paid within it. */
export async function accountBalances(
  tx: Tx,
  companyId: number,
  clientId: number,
  start: string,
  end: string,
): Promise<Balances> {
  const row = await selectRow(
    tx,
    balancesRow,
    sql`
    with inv as (select i.id, i.invoiced, i.total_cents from invoices i where ${ACCOUNT(companyId, clientId)}),
    pay as (select p.paid_on, p.amount_cents from payments p join inv on inv.id = p.invoice_id
             where p.company_id = ${companyId})
    select coalesce((select sum(total_cents) from inv where invoiced < ${start}::date), 0)::float8
             - coalesce((select sum(amount_cents) from pay where paid_on < ${start}::date), 0)::float8 as "openingCents",
           coalesce((select sum(total_cents) from inv where invoiced between ${start}::date and ${end}::date), 0)::float8
             as "invoicedCents",
           coalesce((select sum(amount_cents) from pay where paid_on between ${start}::date and ${end}::date), 0)::float8
             as "paidCents"`,
  );
  return row ?? { openingCents: 0, invoicedCents: 0, paidCents: 0 };
}

const ageingRow = z.object({
  current: z.number(),
  days30: z.number(),
  days60: z.number(),
  days90: z.number(),
  days120: z.number(),
});
export type Ageing = z.infer<typeof ageingRow>;

/** What is outstanding at the end of the period, by the age of the invoice then (days since invoiced). */
export async function accountAgeing(
  tx: Tx,
  companyId: number,
  clientId: number,
  end: string,
): Promise<Ageing> {
  const row = await selectRow(
    tx,
    ageingRow,
    sql`
    with owed as (
      select ${end}::date - i.invoiced as age,
             i.total_cents - coalesce((select sum(p.amount_cents) from payments p
                                        where p.company_id = i.company_id and p.invoice_id = i.id
                                          and p.paid_on <= ${end}::date), 0) as owed
        from invoices i where ${ACCOUNT(companyId, clientId)} and i.invoiced <= ${end}::date)
    select coalesce(sum(owed) filter (where age < 30), 0)::float8 as current,
           coalesce(sum(owed) filter (where age >= 30 and age < 60), 0)::float8 as "days30",
           coalesce(sum(owed) filter (where age >= 60 and age < 90), 0)::float8 as "days60",
           coalesce(sum(owed) filter (where age >= 90 and age < 120), 0)::float8 as "days90",
           coalesce(sum(owed) filter (where age >= 120), 0)::float8 as "days120"
      from owed`,
  );
  return row ?? { current: 0, days30: 0, days60: 0, days90: 0, days120: 0 };
}

const statementInvoiceRow = z.object({
  id: z.number(),
  reference: z.string(),
  invoiced: z.string(),
  due: z.string(),
  totalCents: z.number(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number(),
      netCents: z.number(),
      vatCents: z.number(),
    }),
  ),
});
export type StatementInvoice = z.infer<typeof statementInvoiceRow>;

/** Every invoice of the account in the period, with its lines, in date order (one statement). */
export function periodInvoices(tx: Tx, companyId: number, clientId: number, start: string, end: string) {
  return selectRows(
    tx,
    statementInvoiceRow,
    sql`
    select i.id, coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') as reference,
           to_char(i.invoiced, 'YYYY-MM-DD') as invoiced, to_char(i.due, 'YYYY-MM-DD') as due,
           i.total_cents as "totalCents",
           coalesce((select json_agg(json_build_object('description', l.description, 'quantity', l.quantity,
                       'unitPriceCents', l.unit_price_cents, 'netCents', l.net_cents, 'vatCents', l.vat_cents)
                       order by l.position)
                       from invoice_lines l where l.company_id = i.company_id and l.invoice_id = i.id), '[]') as lines
      from invoices i left join billing_settings bs on bs.company_id = i.company_id
     where ${ACCOUNT(companyId, clientId)} and i.invoiced between ${start}::date and ${end}::date
     order by i.invoiced, i.number`,
  );
}

const statementPaymentRow = z.object({
  id: z.number(),
  date: z.string(),
  amountCents: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  invoiceReference: z.string(),
});
export type StatementPayment = z.infer<typeof statementPaymentRow>;

export function periodPayments(tx: Tx, companyId: number, clientId: number, start: string, end: string) {
  return selectRows(
    tx,
    statementPaymentRow,
    sql`
    select p.id, to_char(p.paid_on, 'YYYY-MM-DD') as date, p.amount_cents as "amountCents", p.method, p.reference,
           coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') as "invoiceReference"
      from payments p
      join invoices i on i.company_id = p.company_id and i.id = p.invoice_id
      left join billing_settings bs on bs.company_id = i.company_id
     where ${ACCOUNT(companyId, clientId)} and p.paid_on between ${start}::date and ${end}::date
     order by p.paid_on, p.id`,
  );
}

const statementClientRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  address: z.array(z.string()),
});
export type StatementClient = z.infer<typeof statementClientRow>;

export const statementClient = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    statementClientRow,
    sql`select id, name, email,
               array_remove(array[address1, address2, address_region,
                                  nullif(trim(concat_ws(' ', address_state, address_postal_code)), ''), address_country],
                            null) as address
          from clients where company_id = ${companyId} and id = ${id} and deleted_at is null`,
  );

const accountRow = z.object({ owedCents: z.number(), overdueCents: z.number(), openInvoices: z.number() });

/** What the client owes now on its issued invoices, the part overdue at `today`, and how many are open. */
export async function accountOwed(tx: Tx, companyId: number, clientId: number, today: string) {
  const row = await selectRow(
    tx,
    accountRow,
    sql`
    select coalesce(sum(i.total_cents - i.paid_cents), 0)::float8 as "owedCents",
           coalesce(sum(i.total_cents - i.paid_cents) filter (where i.due < ${today}::date), 0)::float8
             as "overdueCents",
           count(*)::float8 as "openInvoices"
      from invoices i
     where ${ACCOUNT(companyId, clientId)} and i.paid_cents < i.total_cents`,
  );
  return row ?? { owedCents: 0, overdueCents: 0, openInvoices: 0 };
}

const lastPaymentRow = z.object({
  date: z.string(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHOD_CODES),
  invoiceReference: z.string(),
});

/** The latest payment on an invoice of the account; a write-off is not a payment. */
export const lastPayment = (tx: Tx, companyId: number, clientId: number) =>
  selectRow(
    tx,
    lastPaymentRow,
    sql`
    select to_char(p.paid_on, 'YYYY-MM-DD') as date, p.amount_cents as "amountCents", p.method,
           coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') as "invoiceReference"
      from payments p
      join invoices i on i.company_id = p.company_id and i.id = p.invoice_id
      left join billing_settings bs on bs.company_id = i.company_id
     where ${ACCOUNT(companyId, clientId)} and p.company_id = ${companyId} and p.method <> 'write_off'
     order by p.paid_on desc, p.id desc
     limit 1`,
  );
