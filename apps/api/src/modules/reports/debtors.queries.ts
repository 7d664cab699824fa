import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';

/** What the age analysis is asked for: the day, the instant that day ends in the company's zone, filters. */
export interface DebtorsCriteria {
  companyId: number;
  asAt: string;
  /** The first instant after the as-at day in the company's time zone: a later cancellation is ignored. */
  dayEnd: Date;
  practitionerId: number | null;
  medicalAidId: number | null;
}

/**
 * The invoices that can have been owing as at the day. What an invoice owed then is its total less the
 * payments made by then; without a payment after the day that is what it owes now. So it is open now
 * (its total above what is paid: the outstanding index), or paid after the day (payments by date,
 * migration 0033), or cancelled after the day (cancelling needs no payments): a company with a million
 * settled invoices reads only these, not all.
 */
const candidates = (c: DebtorsCriteria) => sql`
  select i.id from invoices i
   where i.company_id = ${c.companyId} and i.total_cents - i.paid_cents > 0
  union
  select p.invoice_id from payments p where p.company_id = ${c.companyId} and p.paid_on > ${c.asAt}::date
  union
  select i.id from invoices i
   where i.company_id = ${c.companyId} and i.status = 'cancelled'
     and i.cancelled_at >= ${c.dayEnd.toISOString()}::timestamptz`;

/**
 * The invoices owing as at the day, with what was owed on each then: issued (not drafts), invoiced by the
 * day, not cancelled by the end of it (in the company's time zone), less the payments made by the day.
 * The account is the paying (bill-to) client, as on statements; the medical aid is the patient's.
 */
const owing = (c: DebtorsCriteria, clientId: number | null) => sql`
  select i.id, i.bill_to_client_id, i.client_id, i.number, i.invoiced, i.due, i.total_cents,
         ${c.asAt}::date - i.due as past_due,
         coalesce((select sum(p.amount_cents) from payments p
                    where p.company_id = i.company_id and p.invoice_id = i.id and p.paid_on <= ${c.asAt}::date), 0)
           as paid
    from invoices i
   where i.company_id = ${c.companyId}
     and i.id in (${candidates(c)})
     and i.status <> 'draft'
     and (i.status <> 'cancelled' or i.cancelled_at >= ${c.dayEnd.toISOString()}::timestamptz)
     and i.invoiced <= ${c.asAt}::date
     ${clientId === null ? sql`` : sql`and i.bill_to_client_id = ${clientId}`}
     ${c.practitionerId === null ? sql`` : sql`and i.practitioner_id = ${c.practitionerId}`}
     ${
       c.medicalAidId === null
         ? sql``
         : sql`and exists (select 1 from client_configs cc
                            where cc.company_id = i.company_id and cc.client_id = i.client_id
                              and cc.provider_id = ${c.medicalAidId})`
     }`;

const debtorRow = z.object({
  clientId: z.number(),
  clientName: z.string(),
  openInvoices: z.number(),
  current: z.number(),
  days30: z.number(),
  days60: z.number(),
  days90: z.number(),
  days120: z.number(),
  totalCents: z.number(),
});

/** Per paying client: what was outstanding as at the day, by days past due; largest debt first. */
export const debtorRows = (tx: Tx, c: DebtorsCriteria) =>
  selectRows(
    tx,
    debtorRow,
    sql`
    with owed as (
      select o.bill_to_client_id, o.past_due, o.total_cents - o.paid as owed
        from (${owing(c, null)}) o
       where o.total_cents <> o.paid)
    select owed.bill_to_client_id::float8 as "clientId", cl.name as "clientName",
           count(*)::float8 as "openInvoices",
           coalesce(sum(owed) filter (where past_due < 30), 0)::float8 as current,
           coalesce(sum(owed) filter (where past_due >= 30 and past_due < 60), 0)::float8 as "days30",
           coalesce(sum(owed) filter (where past_due >= 60 and past_due < 90), 0)::float8 as "days60",
           coalesce(sum(owed) filter (where past_due >= 90 and past_due < 120), 0)::float8 as "days90",
           coalesce(sum(owed) filter (where past_due >= 120), 0)::float8 as "days120",
           sum(owed)::float8 as "totalCents"
      from owed
      join clients cl on cl.company_id = ${c.companyId} and cl.id = owed.bill_to_client_id
     group by owed.bill_to_client_id, cl.name
     order by "totalCents" desc, cl.name, owed.bill_to_client_id`,
  );

const debtorInvoiceRow = z.object({
  id: z.number(),
  reference: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  invoiced: z.string(),
  due: z.string(),
  totalCents: z.number(),
  paidCents: z.number(),
  outstandingCents: z.number(),
  daysPastDue: z.number(),
});

/** The drill-down: one paying client's invoices outstanding as at the day, oldest due first. */
export const debtorInvoiceRows = (tx: Tx, c: DebtorsCriteria, clientId: number) =>
  selectRows(
    tx,
    debtorInvoiceRow,
    sql`
    select o.id::float8 as id,
           coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(o.number::text, 6, '0') as reference,
           o.client_id::float8 as "clientId", cl.name as "clientName",
           to_char(o.invoiced, 'YYYY-MM-DD') as invoiced, to_char(o.due, 'YYYY-MM-DD') as due,
           o.total_cents::float8 as "totalCents", o.paid::float8 as "paidCents",
           (o.total_cents - o.paid)::float8 as "outstandingCents", o.past_due::float8 as "daysPastDue"
      from (${owing(c, clientId)}) o
      join clients cl on cl.company_id = ${c.companyId} and cl.id = o.client_id
      left join billing_settings bs on bs.company_id = ${c.companyId}
     where o.total_cents <> o.paid
     order by o.due, o.number`,
  );

const nameRow = z.object({ name: z.string() });

/** A client of the company (deleted ones too: their debts stay on the books). */
export const debtorClient = (tx: Tx, companyId: number, clientId: number) =>
  selectRow(tx, nameRow, sql`select name from clients where company_id = ${companyId} and id = ${clientId}`);

/** A practitioner of the company (a user who sees clients). */
export const reportPractitioner = (tx: Tx, companyId: number, userId: number) =>
  selectRow(
    tx,
    nameRow,
    sql`select u.display_name as name from practitioners p
          join users u on u.company_id = p.company_id and u.id = p.user_id
         where p.company_id = ${companyId} and p.user_id = ${userId}`,
  );

/** A healthcare provider (medical aid) of the company. */
export const reportMedicalAid = (tx: Tx, companyId: number, providerId: number) =>
  selectRow(
    tx,
    nameRow,
    sql`select name from providers where company_id = ${companyId} and id = ${providerId}`,
  );
