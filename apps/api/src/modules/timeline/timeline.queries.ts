import { TIMELINE_KINDS, type TimelineCursor, type TimelineKind } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

/** One row of the union: the columns every kind shares; body is raw (possibly rich) text. */
export const timelineRowSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  id: z.number().int(),
  at: z.string(),
  title: z.string(),
  body: z.string(),
  /** Whether body is rich text (a note's, a call's notes) rather than plain. */
  rich: z.boolean(),
  who: z.string().nullable(),
  status: z.string().nullable(),
  amountCents: z.number().nullable(),
  currency: z.string().nullable(),
});
export type TimelineRow = z.infer<typeof timelineRowSchema>;

export interface TimelineFilter {
  companyId: number;
  clientId: number;
  /** Private notes are the author's alone, as in the notes list. */
  userId: number;
  kinds: readonly TimelineKind[];
  cursor: TimelineCursor | undefined;
  /** How many rows to read: the page size and one more, to tell whether a next page exists. */
  limit: number;
}

const rank = (kind: TimelineKind) => TIMELINE_KINDS.indexOf(kind);
const US = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The entries after the cursor, in one kind: newest first with the newest id first at the same instant.
 * Kinds earlier in TIMELINE_KINDS come first at the same instant, so against the cursor's kind a branch
 * takes the cursor's instant itself (a later kind), only what is before it (an earlier kind), or the
 * rows before (instant, id) (the same kind). Each form is a range on the branch's (company, client, time)
 * index, so every branch reads at most `limit` index entries.
 */
function after(kind: TimelineKind, time: SQL, id: SQL, cursor: TimelineCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  const at = sql`${cursor.at}::timestamptz`;
  if (rank(kind) > rank(cursor.kind)) return sql`${time} <= ${at}`;
  if (rank(kind) < rank(cursor.kind)) return sql`${time} < ${at}`;
  return sql`(${time}, ${id}) < (${at}, ${cursor.id}::bigint)`;
}

type Branch = (f: TimelineFilter) => SQL;

const BRANCHES: Record<TimelineKind, Branch> = {
  note: (f) => sql`select 'note' as kind, n.id, n.created_at as ts, n.subject as title,
      case when n.format = 'R' then left(n.description, 4000) else '(drawing)' end as body, true as rich,
      n.author_id as user_id,
      null::text as status, null::bigint as amount, null::text as currency
    from notes n
    where n.company_id = ${f.companyId} and n.client_id = ${f.clientId} and n.deleted_at is null
      and (n.author_id = ${f.userId} or n.sharable = 'Y') and ${after('note', sql`n.created_at`, sql`n.id`, f.cursor)}
    order by n.created_at desc, n.id desc limit ${f.limit}`,
  call: (f) => sql`select 'call' as kind, c.id, c.started_at as ts,
      case c.direction when 'in' then 'Incoming call' else 'Outgoing call' end as title,
      concat_ws(' · ', nullif(c.purpose, ''), nullif(left(c.notes, 4000), '')) as body, true as rich,
      c.handled_by_id as user_id,
      c.outcome as status, c.duration_seconds::bigint as amount, null::text as currency
    from calls c
    where c.company_id = ${f.companyId} and c.client_id = ${f.clientId}
      and ${after('call', sql`c.started_at`, sql`c.id`, f.cursor)}
    order by c.started_at desc, c.id desc limit ${f.limit}`,
  email: (f) => message('email', f),
  sms: (f) => message('sms', f),
  invoice: (f) => sql`select 'invoice' as kind, i.id, i.created_at as ts,
      case when i.number is null then 'Draft invoice' else 'Invoice ' || i.number end as title,
      'Invoiced ' || to_char(i.invoiced, 'YYYY-MM-DD') || ', due ' || to_char(i.due, 'YYYY-MM-DD') as body,
      false as rich,
      i.created_by as user_id, i.status, i.total_cents as amount, i.currency
    from invoices i
    where i.company_id = ${f.companyId} and i.client_id = ${f.clientId}
      and ${after('invoice', sql`i.created_at`, sql`i.id`, f.cursor)}
    order by i.created_at desc, i.id desc limit ${f.limit}`,
  appointment: (f) => sql`select 'appointment' as kind, a.id, a.starts_at as ts, t.name as title,
      coalesce(left(a.notes, 4000), '') as body, false as rich, a.practitioner_id as user_id, a.status,
      (extract(epoch from a.ends_at - a.starts_at) / 60)::bigint as amount, null::text as currency
    from appointments a
      join appointment_types t on t.company_id = a.company_id and t.id = a.type_id
    where a.company_id = ${f.companyId} and a.client_id = ${f.clientId}
      and ${after('appointment', sql`a.starts_at`, sql`a.id`, f.cursor)}
    order by a.starts_at desc, a.id desc limit ${f.limit}`,
  // The client's opportunities are few (opportunities_client_idx); each one's moves are read newest first.
  stage: (f) => sql`select 'stage' as kind, h.id, h.changed_at as ts, o.title,
      case when h.from_stage_id is null then 'Opened in ' || st_to.name
        else st_from.name || ' → ' || st_to.name end as body, false as rich,
      h.changed_by_id as user_id, st_to.kind as status, null::bigint as amount, null::text as currency
    from opportunities o
      join opportunity_stage_history h on h.company_id = o.company_id and h.opportunity_id = o.id
      join pipeline_stages st_to on st_to.company_id = h.company_id and st_to.id = h.to_stage_id
      left join pipeline_stages st_from on st_from.company_id = h.company_id and st_from.id = h.from_stage_id
    where o.company_id = ${f.companyId} and o.client_id = ${f.clientId}
      and ${after('stage', sql`h.changed_at`, sql`h.id`, f.cursor)}
    order by h.changed_at desc, h.id desc limit ${f.limit}`,
  audit: (f) => sql`select 'audit' as kind, e.id, e.at as ts, e.sub_process as title,
      left(e.description, 4000) as body, false as rich, e.user_id, e.action as status, null::bigint as amount, null::text as currency
    from audit_entries e
    where e.company_id = ${f.companyId} and e.client_id = ${f.clientId}
      and ${after('audit', sql`e.at`, sql`e.id`, f.cursor)}
    order by e.at desc, e.id desc limit ${f.limit}`,
};

function message(kind: 'email' | 'sms', f: TimelineFilter): SQL {
  const title = kind === 'email' ? sql`coalesce(nullif(m.subject, ''), 'E-mail')` : sql`'SMS'`;
  return sql`select ${sql.raw(`'${kind}'`)} as kind, m.id, m.created_at as ts, ${title} as title,
      left(m.content, 4000) as body, false as rich, m.user_id, m.status, null::bigint as amount, null::text as currency
    from messages m
    where m.company_id = ${f.companyId} and m.client_id = ${f.clientId} and m.channel = ${kind}
      and ${after(kind, sql`m.created_at`, sql`m.id`, f.cursor)}
    order by m.created_at desc, m.id desc limit ${f.limit}`;
}

/** The ordering rank of each kind at the same instant, as SQL. */
const RANK = sql.raw(`case kind ${TIMELINE_KINDS.map((k, i) => `when '${k}' then ${i}`).join(' ')} end`);

/** One UNION ALL of the chosen kinds, each branch ordered and limited on its own index, then merged. */
export function timelineSql(f: TimelineFilter): SQL {
  const branches = f.kinds.map((kind) => sql`(${BRANCHES[kind](f)})`);
  // The names of the page's users only: joined after the merge, not in every branch.
  return sql`select kind, e.id, ${US(sql`ts`)} as at, title, coalesce(body, '') as body, rich,
      coalesce(u.display_name, u.username) as who, status, amount as "amountCents", currency
    from (select * from (${sql.join(branches, sql` union all `)}) entries
          order by ts desc, ${RANK}, id desc limit ${f.limit}) e
      left join users u on u.company_id = ${f.companyId} and u.id = e.user_id
    order by ts desc, ${RANK}, e.id desc`;
}

export const timelineRows = (tx: Tx, f: TimelineFilter): Promise<TimelineRow[]> =>
  selectRows(tx, timelineRowSchema, timelineSql(f));
