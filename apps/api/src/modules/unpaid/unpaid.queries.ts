import { type UnpaidType, unpaidNoticeSchema } from '@pd/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { unpaidNotices } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const reference = sql`case when i.number is null then null
  else coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') end`;

const owedInvoiceRow = z.object({
  id: z.number(),
  reference: z.string().nullable(),
  invoiced: z.string(),
  due: z.string(),
  outstandingCents: z.number(),
});
export type OwedInvoice = z.infer<typeof owedInvoiceRow>;

/**
 * What a client owes: its issued invoices (neither drafts nor cancelled) billed to it, invoiced on or before
 * today, with something outstanding; oldest first (due, invoiced, id). Locked until the transaction ends, so
 * two notices or a notice and a payment go one at a time. `overdueOnly`: due before today (an unpaid run).
 */
export function owedInvoices(
  tx: Tx,
  companyId: number,
  clientId: number,
  today: string,
  overdueOnly = false,
): Promise<OwedInvoice[]> {
  return selectRows(
    tx,
    owedInvoiceRow,
    sql`
    select i.id, ${reference} as reference, to_char(i.invoiced, 'YYYY-MM-DD') as invoiced,
           to_char(i.due, 'YYYY-MM-DD') as due, (i.total_cents - i.paid_cents)::float8 as "outstandingCents"
      from invoices i left join billing_settings bs on bs.company_id = i.company_id
     where i.company_id = ${companyId} and i.bill_to_client_id = ${clientId} and i.status in ('active', 'archived')
       and i.paid_cents < i.total_cents and i.invoiced <= ${today}::date
       ${overdueOnly ? sql`and i.status = 'active' and i.due < ${today}::date` : sql``}
     order by i.due, i.invoiced, i.id
       for update of i`,
  );
}

export interface NoticeInsert {
  companyId: number;
  clientId: number;
  unpaidType: UnpaidType;
  amountOutstandingCents: number;
  unpaidRunId: number | null;
  /** A run's notice: the earliest due date of the debt its ladder is on (one notice per step and ladder). */
  ladderDue?: string | null;
  createdBy: number | null;
}

export async function insertNotice(tx: Tx, n: NoticeInsert): Promise<number> {
  const [row] = await tx.insert(unpaidNotices).values(n).returning({ id: unpaidNotices.id });
  return mustExist(row, 'Unpaid notice').id;
}

export async function linkInvoices(
  tx: Tx,
  companyId: number,
  noticeId: number,
  links: { invoiceId: number; outstandingCents: number }[],
) {
  if (links.length === 0) return;
  await execute(
    tx,
    sql`
    insert into unpaid_notice_invoices (company_id, notice_id, invoice_id, outstanding_cents)
    select ${companyId}, ${noticeId}, l.invoice_id, l.outstanding_cents
      from unnest(${sql.param(links.map((l) => l.invoiceId))}::bigint[],
                  ${sql.param(links.map((l) => l.outstandingCents))}::bigint[]) as l(invoice_id, outstanding_cents)`,
  );
}

export async function setNoticeMessage(tx: Tx, companyId: number, noticeId: number, messageId: number) {
  await tx
    .update(unpaidNotices)
    .set({ messageId })
    .where(and(eq(unpaidNotices.companyId, companyId), eq(unpaidNotices.id, noticeId)));
}

/** What is stored of a notice; the type's name is the service's to add. */
const noticeRow = unpaidNoticeSchema.omit({ unpaidTypeName: true });

/** Which notices: a client's, or one. */
export type NoticeSelection = { clientId: number } | { id: number };

/** Notices with their client, e-mail and named invoices, newest first. */
export function selectNotices(tx: Tx, companyId: number, which: NoticeSelection, limit = 500) {
  const where = 'id' in which ? sql`n.id = ${which.id}` : sql`n.client_id = ${which.clientId}`;
  return selectRows(
    tx,
    noticeRow,
    sql`
    select n.id, n.client_id as "clientId", c.name as "clientName", n.unpaid_type as "unpaidType",
           n.amount_outstanding_cents::float8 as "amountOutstandingCents", co.currency,
           n.unpaid_run_id as "unpaidRunId", n.message_id as "messageId", m.status as "messageStatus",
           m.recipient, n.created_by as "createdBy", ${iso(sql`n.created_at`)} as created,
           coalesce((select json_agg(json_build_object('invoiceId', i.id, 'reference', ${reference},
                       'due', to_char(i.due, 'YYYY-MM-DD'), 'outstandingCents', uni.outstanding_cents)
                       order by i.due, i.invoiced, i.id)
                       from unpaid_notice_invoices uni
                       join invoices i on i.company_id = uni.company_id and i.id = uni.invoice_id
                       left join billing_settings bs on bs.company_id = i.company_id
                      where uni.company_id = n.company_id and uni.notice_id = n.id), '[]'::json) as invoices
      from unpaid_notices n
      join clients c on c.company_id = n.company_id and c.id = n.client_id
      join companies co on co.id = n.company_id
      left join messages m on m.company_id = n.company_id and m.id = n.message_id
     where n.company_id = ${companyId} and ${where}
     order by n.created_at desc, n.id desc
     limit ${limit}`,
  );
}

const letterRow = z.object({
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  region: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  email: z.string().nullable(),
});

export type LetterClient = {
  name: string;
  address: string[];
  email: string | null;
};

export async function letterClient(
  tx: Tx,
  companyId: number,
  clientId: number,
): Promise<LetterClient | undefined> {
  const r = await selectRow(
    tx,
    letterRow,
    sql`select name, address1, address2, address_region as region, address_state as state,
               address_postal_code as "postalCode", email
          from clients where company_id = ${companyId} and id = ${clientId}`,
  );
  if (!r) return undefined;
  const address = [r.address1, r.address2, r.region, [r.state, r.postalCode].filter(Boolean).join(' ')];
  return { name: r.name, email: r.email, address: address.filter((a): a is string => Boolean(a)) };
}
