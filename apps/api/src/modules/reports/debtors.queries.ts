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
 * What each invoice owed as at the day. An invoice's paid_cents is the sum of its payments, kept by the
 * transaction that records one (invoice-changes.service.ts); what was paid by the day is that less the
 * payments dated after it (payments by date: migration 0033). So an invoice owing then is open now (the
 * outstanding index), or paid after the day, or cancelled after it (cancelling needs no payments): a
 * company with a million settled invoices reads only these, and no payment is summed per invoice.
 * Issued invoices only (no drafts), invoiced by the day, not cancelled by the end of it in the company's
 * time zone. The account is the paying (bill-to) client, as on statements; the medical aid is the patient's.
 */
const owing = (c: DebtorsCriteria, clientId: number | null) => sql`
  with later as (
    select p.invoice_id, sum(p.amount_cents) as amount from payments p
     where p.company_id = ${c.companyId} and p.paid_on > ${c.asAt}::date
     group by p.invoice_id),
  candidate as (
    select i.id from invoices i where i.company_id = ${c.companyId} and i.total_cents - i.paid_cents > 0
    union
    select invoice_id from later
    union
    select i.id from invoices i
     where i.company_id = ${c.companyId} and i.status = 'cancelled'
       and i.cancelled_at >= ${c.dayEnd.toISOString()}::timestamptz)
  select i.id, i.bill_to_client_id, i.client_id, i.number, i.invoiced, i.due, i.total_cents,
         ${c.asAt}::date - i.due as past_due,
         i.paid_cents - coalesce(later.amount, 0) as paid
    from candidate
    join invoices i on i.company_id = ${c.companyId} and i.id = candidate.id
    left join later on later.invoice_id = i.id
   where i.status <> 'draft'
     and (i.status <> 'cancelled' or i.cancelled_at >= ${c.dayEnd.toISOString()}::timestamptz)
     and i.invoiced <= ${c.asAt}::date
     and i.total_cents - i.paid_cents + coalesce(later.amount, 0) <> 0
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
      select o.bill_to_client_id, o.past_due, o.total_cents - o.paid as owed from (${owing(c, null)}) o),
    per_client as (
      select bill_to_client_id, count(*) as invoices,
             coalesce(sum(owed) filter (where past_due < 30), 0) as current,
             coalesce(sum(owed) filter (where past_due >= 30 and past_due < 60), 0) as days30,
             coalesce(sum(owed) filter (where past_due >= 60 and past_due < 90), 0) as days60,
             coalesce(sum(owed) filter (where past_due >= 90 and past_due < 120), 0) as days90,
             coalesce(sum(owed) filter (where past_due >= 120), 0) as days120,
             sum(owed) as total
        from owed group by bill_to_client_id)
    select pc.bill_to_client_id::float8 as "clientId", cl.name as "clientName",
           pc.invoices::float8 as "openInvoices", pc.current::float8 as current, pc.days30::float8 as "days30",
           pc.days60::float8 as "days60", pc.days90::float8 as "days90", pc.days120::float8 as "days120",
           pc.total::float8 as "totalCents"
      from per_client pc
      join clients cl on cl.company_id = ${c.companyId} and cl.id = pc.bill_to_client_id
     order by pc.total desc, cl.name, pc.bill_to_client_id`,
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
