import type { Clash } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { epochMs, instantColumn, localOf } from './diary-company.ts';

export interface ClashProbe {
  practitionerId: number;
  roomId: number | null;
  bufferMinutes: number;
  /** The candidate times; a clash names the index of the one it hits. */
  spans: { start: Date; end: Date }[];
  /** Appointments that move with the change (themselves, or the rest of a series). */
  excludeIds?: number[];
}

const clashRow = z.object({
  index: z.number(),
  appointmentId: z.number(),
  startAt: instantColumn,
  endAt: instantColumn,
  type: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  samePractitioner: z.boolean(),
});

/** Initials only: a clash message must not reveal who the other client is beyond that. */
export function initialsOf(c: {
  type: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
}) {
  const words = c.type === 'N' && c.firstName && c.lastName ? [c.firstName, c.lastName] : c.name.split(/\s+/);
  return words
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => `${w.charAt(0).toUpperCase()}.`)
    .join('');
}

/** Advisory-lock namespaces (the first of two int keys): one diary lock per practitioner and per room. */
const PRACTITIONER_DIARY = 0x70640001;
const ROOM_DIARY = 0x70640002;

/**
 * Takes the practitioner's and the room's diary locks until the transaction ends, both in one statement in
 * a fixed order. A concurrent booking for the same diary waits here and then sees this one as a clash,
 * instead of both inserting and deadlocking inside the exclusion constraints' check. Callers lock the
 * appointment rows they change before this, never after.
 */
async function lockDiaries(tx: Tx, practitionerId: number, roomId: number | null) {
  const keys =
    roomId === null
      ? sql`values (${PRACTITIONER_DIARY}::int, ${practitionerId}::int)`
      : sql`values (${PRACTITIONER_DIARY}::int, ${practitionerId}::int), (${ROOM_DIARY}::int, ${roomId}::int)`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(k.space, k.id)
          from (select * from (${keys}) as v(space, id) order by space, id) as k`,
  );
}

/**
 * Live appointments of the practitioner or room whose blocked time (with buffers) overlaps any candidate:
 * what the exclusion constraints would refuse, plus deliberate double-bookings (which they let through).
 * An appointment starts at most 12 hours and its buffer at most 4 hours before it ends: the start bound
 * lets the start indexes serve the search. Takes the diary locks first (lockDiaries).
 */
export async function findClashes(
  tx: Tx,
  companyId: number,
  p: ClashProbe,
  timeZone: string,
): Promise<(Clash & { index: number })[]> {
  if (p.spans.length === 0) return [];
  await lockDiaries(tx, p.practitionerId, p.roomId);
  const starts = `{${p.spans.map((s) => s.start.toISOString()).join(',')}}`;
  const ends = `{${p.spans.map((s) => s.end.toISOString()).join(',')}}`;
  const exclude = `{${(p.excludeIds ?? []).join(',')}}`;
  const rows = await selectRows(
    tx,
    clashRow,
    sql`select (o.idx - 1)::int as index, a.id as "appointmentId", ${epochMs(sql`a.starts_at`)} as "startAt", ${epochMs(sql`a.ends_at`)} as "endAt",
               c.type, c.first_name as "firstName", c.last_name as "lastName", c.name,
               a.practitioner_id = ${p.practitionerId} as "samePractitioner"
          from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as o(s, e, idx)
          join appointments a
            on a.company_id = ${companyId}
           and ${p.roomId === null ? sql`a.practitioner_id = ${p.practitionerId}` : sql`(a.practitioner_id = ${p.practitionerId} or a.room_id = ${p.roomId})`}
           and a.status in ('booked','arrived','fulfilled')
           and a.starts_at > o.s - interval '16 hours'
           and a.starts_at < o.e + make_interval(mins => ${p.bufferMinutes}::int)
           and pd_blocked_span(a.span, a.buffer_minutes) && pd_blocked_span(tstzrange(o.s, o.e, '[)'), ${p.bufferMinutes}::int)
           and a.id <> all(${exclude}::bigint[])
          join clients c on c.company_id = a.company_id and c.id = a.client_id
         order by o.idx, a.starts_at, a.id`,
  );
  return rows.map((r) => ({
    index: r.index,
    appointmentId: r.appointmentId,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    startLocal: localOf(r.startAt, timeZone),
    endLocal: localOf(r.endAt, timeZone),
    clientInitials: initialsOf(r),
    resource: r.samePractitioner ? 'practitioner' : 'room',
  }));
}
