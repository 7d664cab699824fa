import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { epochMs, instantColumn } from './diary-company.ts';

/** The people's appointments, or the room's when one is asked for (no OR on a null room: the plan stays on the indexes). */
const ofPeopleOrRoom = (ids: number[], roomId: number | null) => {
  const people = sql`a.practitioner_id = any(${`{${ids.join(',')}}`}::bigint[])`;
  return roomId === null ? people : sql`(${people} or a.room_id = ${roomId})`;
};

const busyRow = z.object({
  practitionerId: z.number(),
  roomId: z.number().nullable(),
  start: instantColumn,
  end: instantColumn,
});
export type BusySpan = z.infer<typeof busyRow>;

/**
 * Blocked time (appointment plus buffer) of live appointments of the practitioners, or of the room, that
 * starts before `to` and may reach past `from` (12 hours long at most, 4 hours of buffer at most).
 */
export const selectBusy = (
  tx: Tx,
  companyId: number,
  practitionerIds: number[],
  roomId: number | null,
  from: Date,
  to: Date,
) =>
  selectRows(
    tx,
    busyRow,
    sql`select a.practitioner_id as "practitionerId", a.room_id as "roomId", ${epochMs(sql`a.starts_at`)} as start,
               ${epochMs(sql`a.ends_at + make_interval(mins => a.buffer_minutes)`)} as end
          from appointments a
         where a.company_id = ${companyId}
           and ${ofPeopleOrRoom(practitionerIds, roomId)}
           and a.status in ('booked','arrived','fulfilled')
           and a.starts_at > ${from.toISOString()}::timestamptz - interval '16 hours'
           and a.starts_at < ${to.toISOString()}::timestamptz
         order by a.starts_at`,
  );
