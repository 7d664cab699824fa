import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

/** What the diary report is asked for: the days, their instants in the company's zone, the grouping. */
export interface DiaryCriteria {
  companyId: number;
  timeZone: string;
  from: string;
  to: string;
  /** The first instant of `from` and the first instant after `to`, company time zone. */
  start: Date;
  end: Date;
  period: 'week' | 'month';
  practitionerId: number | null;
}

/** Appointment statuses that hold the practitioner's time, and those of a client who comes (or came). */
const HOLDS_TIME = sql`('booked','arrived','fulfilled','noshow')`;
const SEEN = sql`('booked','arrived','fulfilled')`;

/** The period of a local day: the month (YYYY-MM) or the week's Monday (YYYY-MM-DD). */
const periodOf = (c: DiaryCriteria, day: SQL) =>
  c.period === 'month'
    ? sql`to_char(${day}, 'YYYY-MM')`
    : sql`to_char(date_trunc('week', ${day}::timestamp), 'YYYY-MM-DD')`;
/** The first day of that period counted in the report (a period cut by the range starts at `from`). */
const periodStartOf = (c: DiaryCriteria, day: SQL) =>
  sql`greatest(date_trunc(${c.period === 'month' ? sql`'month'` : sql`'week'`}, ${day}::timestamp)::date, ${c.from}::date)`;

const diaryFigures = z.object({
  period: z.string().nullable(),
  practitionerId: z.number().nullable(),
  practitionerName: z.string().nullable(),
  /** 1 when the row is the period's (or the range's) total over practitioners. */
  overall: z.number(),
  bookedMinutes: z.number(),
  appointments: z.number(),
  noShows: z.number(),
  lateCancels: z.number(),
  seenClients: z.number(),
  newClients: z.number(),
});
export type DiaryFigures = z.infer<typeof diaryFigures>;

/**
 * Per practitioner and period, per period, and over the range (grouping sets): the appointments starting in
 * the range (all but those entered in error), their booked minutes, no-shows, late cancellations, and the
 * distinct clients seen; a client is new in a period when their first appointment with the practice (with any
 * practitioner, ever) starts in it.
 */
export const diaryFigureRows = (tx: Tx, c: DiaryCriteria) =>
  selectRows(
    tx,
    diaryFigures,
    sql`
    with a as (
      select a.practitioner_id, a.client_id, a.status, a.cancel_reason,
             extract(epoch from (a.ends_at - a.starts_at)) / 60 as minutes,
             (a.starts_at at time zone ${c.timeZone})::date as day
        from appointments a
       where a.company_id = ${c.companyId} and a.status <> 'entered-in-error'
         and a.starts_at >= ${c.start.toISOString()}::timestamptz and a.starts_at < ${c.end.toISOString()}::timestamptz
         ${c.practitionerId === null ? sql`` : sql`and a.practitioner_id = ${c.practitionerId}`}),
    firsts as (
      select f.client_id, min((f.starts_at at time zone ${c.timeZone})::date) as first_day
        from appointments f
       where f.company_id = ${c.companyId} and f.status in ${SEEN}
         and f.client_id in (select client_id from a where status in ${SEEN})
       group by f.client_id),
    marked as (
      select a.*, ${periodOf(c, sql`a.day`)} as period,
             (a.status in ${SEEN} and f.first_day >= ${periodStartOf(c, sql`a.day`)}) as first_in_period
        from a left join firsts f on f.client_id = a.client_id)
    select m.period, m.practitioner_id::float8 as "practitionerId", max(u.display_name) as "practitionerName",
           grouping(m.practitioner_id)::float8 as overall,
           coalesce(sum(m.minutes) filter (where m.status in ${HOLDS_TIME}), 0)::float8 as "bookedMinutes",
           count(*)::float8 as appointments,
           count(*) filter (where m.status = 'noshow')::float8 as "noShows",
           count(*) filter (where m.status = 'cancelled' and m.cancel_reason = 'late')::float8 as "lateCancels",
           count(distinct m.client_id) filter (where m.status in ${SEEN})::float8 as "seenClients",
           count(distinct m.client_id) filter (where m.first_in_period)::float8 as "newClients"
      from marked m
      left join users u on u.company_id = ${c.companyId} and u.id = m.practitioner_id
     group by grouping sets ((m.period, m.practitioner_id), (m.period), ())`,
  );

const nameRow = z.object({ id: z.number(), name: z.string() });

/** Names of the company's users who are practitioners (for rows with working time but no appointments). */
export const practitionerNames = (tx: Tx, companyId: number) =>
  selectRows(
    tx,
    nameRow,
    sql`select p.user_id::float8 as id, u.display_name as name from practitioners p
          join users u on u.company_id = p.company_id and u.id = p.user_id
         where p.company_id = ${companyId}`,
  );
