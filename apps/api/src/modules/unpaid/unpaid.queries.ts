import type { UnpaidNotice, UnpaidType } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const reference = sql`case when i.number is null then null
  else coalesce(bs.invoice_prefix, 'INV') || '-' || lpad(i.number::text, 6, '0') end`;

export type OwedInvoice = {
  id: number;
  reference: string | null;
  invoiced: string;
  due: string;
  outstandingCents: number;
};

/**
 * What a client owes: its issued invoices (neither drafts nor cancelled) billed to it, invoiced on or before
 * today, with something outstanding; oldest first (due, invoiced, id). Locked until the transaction ends, so
 * two notices or a notice and a payment go one at a time. `overdueOnly`: due before today (an unpaid run).
 */
export async function owedInvoices(
  tx: Tx,
  clientId: number,
  today: string,
  overdueOnly = false,
): Promise<OwedInvoice[]> {
  const { rows } = await tx.execute<OwedInvoice>(sql`
    select i.id, ${reference} as reference, to_char(i.invoiced, 'YYYY-MM-DD') as invoiced,
           to_char(i.due, 'YYYY-MM-DD') as due, (i.total_cents - i.paid_cents)::float8 as "outstandingCents"
      from invoices i left join billing_settings bs on bs.company_id = i.company_id
     where i.bill_to_client_id = ${clientId} and i.status in ('active', 'archived')
       and i.paid_cents < i.total_cents and i.invoiced <= ${today}::date
       ${overdueOnly ? sql`and i.status = 'active' and i.due < ${today}::date` : sql``}
     order by i.due, i.invoiced, i.id
       for update of i`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface NoticeInsert {
  companyId: number;
  clientId: number;
  unpaidType: UnpaidType;
  amountOutstandingCents: number;
  unpaidRunId: number | null;
  createdBy: number | null;
}

export async function insertNotice(tx: Tx, n: NoticeInsert): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into unpaid_notices (company_id, client_id, unpaid_type, amount_outstanding_cents, unpaid_run_id, created_by)
    values (${n.companyId}, ${n.clientId}, ${n.unpaidType}, ${n.amountOutstandingCents}, ${n.unpaidRunId}, ${n.createdBy})
    returning id`);
  return Number(written(rows[0], 'unpaid notice').id);
}

export async function linkInvoices(
  tx: Tx,
  companyId: number,
  noticeId: number,
  links: { invoiceId: number; outstandingCents: number }[],
) {
  if (links.length === 0) return;
  await tx.execute(sql`
    insert into unpaid_notice_invoices (company_id, notice_id, invoice_id, outstanding_cents)
    select ${companyId}, ${noticeId}, l.invoice_id, l.outstanding_cents
      from unnest(${sql.param(links.map((l) => l.invoiceId))}::bigint[],
                  ${sql.param(links.map((l) => l.outstandingCents))}::bigint[]) as l(invoice_id, outstanding_cents)`);
}

export async function setNoticeMessage(tx: Tx, noticeId: number, messageId: number) {
  await tx.execute(sql`update unpaid_notices set message_id = ${messageId} where id = ${noticeId}`);
}

type NoticeRow = Omit<UnpaidNotice, 'invoices' | 'unpaidTypeName'>;

/** Notices with their client, e-mail and named invoices; `where` over unpaid_notices n. */
export async function selectNotices(
  tx: Tx,
  where: SQL,
  limit = 500,
): Promise<(NoticeRow & { invoices: UnpaidNotice['invoices'] })[]> {
  const { rows } = await tx.execute<NoticeRow & { invoices: UnpaidNotice['invoices'] }>(sql`
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
     where ${where}
     order by n.created_at desc, n.id desc
     limit ${limit}`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    clientId: Number(r.clientId),
    unpaidRunId: r.unpaidRunId === null ? null : Number(r.unpaidRunId),
    messageId: r.messageId === null ? null : Number(r.messageId),
    createdBy: r.createdBy === null ? null : Number(r.createdBy),
    invoices: r.invoices.map((i) => ({
      ...i,
      invoiceId: Number(i.invoiceId),
      outstandingCents: Number(i.outstandingCents),
    })),
  }));
}

export type LetterClient = {
  name: string;
  address: string[];
  email: string | null;
};

export async function letterClient(tx: Tx, clientId: number): Promise<LetterClient | undefined> {
  const { rows } = await tx.execute<{
    name: string;
    address1: string | null;
    address2: string | null;
    region: string | null;
    state: string | null;
    postalCode: string | null;
    email: string | null;
  }>(sql`
    select name, address1, address2, address_region as region, address_state as state,
           address_postal_code as "postalCode", email
      from clients where id = ${clientId}`);
  const r = rows[0];
  if (!r) return undefined;
  const address = [r.address1, r.address2, r.region, [r.state, r.postalCode].filter(Boolean).join(' ')];
  return { name: r.name, email: r.email, address: address.filter((a): a is string => Boolean(a)) };
}
