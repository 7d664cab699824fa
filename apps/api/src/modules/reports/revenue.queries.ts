import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

/** One month of the report: its first and last day, and the instant it ends in the company's time zone. */
export interface RevenueMonthSpan {
  month: string;
  first: string;
  last: string;
  end: Date;
}

export interface RevenueCriteria {
  companyId: number;
  months: RevenueMonthSpan[];
}

const firstDay = (c: RevenueCriteria) => c.months[0]?.first ?? '';
const lastDay = (c: RevenueCriteria) => c.months.at(-1)?.last ?? '';

/** Invoiced: issued invoices (no drafts, none cancelled) by their invoiced date within the range. */
const invoicedIn = (c: RevenueCriteria) => sql`
  i.company_id = ${c.companyId} and i.status not in ('draft', 'cancelled')
  and i.invoiced between ${firstDay(c)}::date and ${lastDay(c)}::date`;

/** Paid: payments by their paid date within the range, write-offs left out (not money received). */
const paidIn = (c: RevenueCriteria) => sql`
  p.company_id = ${c.companyId} and p.method <> 'write_off'
  and p.paid_on between ${firstDay(c)}::date and ${lastDay(c)}::date`;

const monthOf = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

const amountRow = z.object({ month: z.string(), amount: z.number(), vat: z.number() });

/** Per month: the invoices' totals and their VAT. */
export const invoicedByMonth = (tx: Tx, c: RevenueCriteria) =>
  selectRows(
    tx,
    amountRow,
    sql`select ${monthOf(sql`i.invoiced`)} as month, sum(i.total_cents)::float8 as amount,
               sum(i.vat_cents)::float8 as vat
          from invoices i where ${invoicedIn(c)} group by 1`,
  );

/** Per month: the payments received. */
export const paidByMonth = (tx: Tx, c: RevenueCriteria) =>
  selectRows(
    tx,
    amountRow,
    sql`select ${monthOf(sql`p.paid_on`)} as month, sum(p.amount_cents)::float8 as amount, 0::float8 as vat
          from payments p where ${paidIn(c)} group by 1`,
  );

const owedRow = z.object({ month: z.string(), owed: z.number() });

/**
 * What was outstanding at each month's end, as the debtors' age analysis counts it as at the last day: issued
 * invoices invoiced by then and not cancelled by the end of it (company time zone), less the payments
 * (write-offs included) dated by then.
 */
export const outstandingAtMonthEnds = (tx: Tx, c: RevenueCriteria) =>
  selectRows(
    tx,
    owedRow,
    sql`
    with ends(month, last_day, ends_at) as (values ${sql.join(
      c.months.map((m) => sql`(${m.month}, ${m.last}::date, ${m.end.toISOString()}::timestamptz)`),
      sql`, `,
    )}),
    counted as (
      select e.month, i.id, i.total_cents, e.last_day
        from ends e
        join invoices i on i.company_id = ${c.companyId} and i.status <> 'draft' and i.invoiced <= e.last_day
                       and (i.status <> 'cancelled' or i.cancelled_at >= e.ends_at))
    select e.month,
           (coalesce((select sum(total_cents) from counted k where k.month = e.month), 0)
            - coalesce((select sum(p.amount_cents) from counted k
                          join payments p on p.company_id = ${c.companyId} and p.invoice_id = k.id
                         where k.month = e.month and p.paid_on <= e.last_day), 0))::float8 as owed
      from ends e`,
  );

const groupRow = z.object({
  month: z.string(),
  groupId: z.number().nullable(),
  groupName: z.string(),
  amount: z.number(),
});

/** A grouping of whole invoices: the group's id, its name, and the joins that name it (from invoice i). */
export type InvoiceGrouping = 'practitioner' | 'appointmentType';
const invoiceGroups: Record<InvoiceGrouping, { id: SQL; name: SQL; joins: SQL }> = {
  /** The invoice's practitioner; "No practitioner" when it has none. */
  practitioner: {
    id: sql`i.practitioner_id`,
    name: sql`coalesce(u.display_name, 'No practitioner')`,
    joins: sql`left join users u on u.company_id = i.company_id and u.id = i.practitioner_id`,
  },
  /** The type of the appointment the invoice bills; "No appointment" for other invoices. */
  appointmentType: {
    id: sql`a.type_id`,
    name: sql`coalesce(t.name, 'No appointment')`,
    joins: sql`left join appointments a on a.company_id = i.company_id and a.id = i.appointment_id
               left join appointment_types t on t.company_id = a.company_id and t.id = a.type_id`,
  },
};

/** Per month and group of the invoice: invoiced. */
export const invoicedByInvoiceGroup = (tx: Tx, c: RevenueCriteria, by: InvoiceGrouping) =>
  selectRows(
    tx,
    groupRow,
    sql`select ${monthOf(sql`i.invoiced`)} as month, ${invoiceGroups[by].id}::float8 as "groupId",
               ${invoiceGroups[by].name} as "groupName", sum(i.total_cents)::float8 as amount
          from invoices i
          ${invoiceGroups[by].joins}
         where ${invoicedIn(c)} group by 1, 2, 3`,
  );

/** Per month and group of the paid invoice: payments received. */
export const paidByInvoiceGroup = (tx: Tx, c: RevenueCriteria, by: InvoiceGrouping) =>
  selectRows(
    tx,
    groupRow,
    sql`select ${monthOf(sql`p.paid_on`)} as month, ${invoiceGroups[by].id}::float8 as "groupId",
               ${invoiceGroups[by].name} as "groupName", sum(p.amount_cents)::float8 as amount
          from payments p
          join invoices i on i.company_id = p.company_id and i.id = p.invoice_id
          ${invoiceGroups[by].joins}
         where ${paidIn(c)} group by 1, 2, 3`,
  );

/**
 * Per month and the line's product (else its billing plan, else "Other lines"): the lines' amounts with VAT.
 * Payments are made against invoices, not lines, so nothing paid is given per product.
 */
export const invoicedByProduct = (tx: Tx, c: RevenueCriteria) =>
  selectRows(
    tx,
    groupRow,
    sql`select ${monthOf(sql`i.invoiced`)} as month,
               coalesce(l.product_id, l.billing_plan_id)::float8 as "groupId",
               coalesce(pr.name, bp.name || ' (billing plan)', 'Other lines') as "groupName",
               sum(l.net_cents + l.vat_cents)::float8 as amount
          from invoices i
          join invoice_lines l on l.company_id = i.company_id and l.invoice_id = i.id
          left join products pr on pr.company_id = l.company_id and pr.id = l.product_id
          left join billing_plans bp on l.product_id is null
                                    and bp.company_id = l.company_id and bp.id = l.billing_plan_id
         where ${invoicedIn(c)} group by 1, 2, 3`,
  );
