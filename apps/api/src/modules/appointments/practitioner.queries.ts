import type { Practitioner, WorkingInterval } from '@pd/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { practitionerHours, practitioners, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

const practitionerRow = z.object({
  userId: z.number(),
  companyId: z.number(),
  displayName: z.string(),
  username: z.string(),
  active: z.enum(['Y', 'N']),
  colour: z.string(),
  practiceNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  defaultRoomId: z.number().nullable(),
  hours: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
});

/** The company's practitioners (or one), each with its weekly hours, by name. */
export function selectPractitioners(tx: Tx, companyId: number, userId?: number): Promise<Practitioner[]> {
  return selectRows(
    tx,
    practitionerRow,
    sql`select p.user_id as "userId", p.company_id as "companyId", u.display_name as "displayName",
               u.username, p.active, p.colour, p.practice_number as "practiceNumber",
               p.registration_number as "registrationNumber", p.default_room_id as "defaultRoomId",
               coalesce((select json_agg(json_build_object('weekday', h.weekday, 'start', to_char(h.start_time, 'HH24:MI'),
                                                          'end', to_char(h.end_time, 'HH24:MI'))
                                         order by h.weekday, h.start_time)
                           from practitioner_hours h where h.company_id = p.company_id and h.user_id = p.user_id), '[]') as hours
          from practitioners p
          join users u on u.company_id = p.company_id and u.id = p.user_id
         where p.company_id = ${companyId} ${userId === undefined ? sql`` : sql`and p.user_id = ${userId}`}
         order by u.display_name, p.user_id`,
  );
}

export async function findPractitioner(tx: Tx, companyId: number, userId: number) {
  return (await selectPractitioners(tx, companyId, userId))[0];
}

export async function findCompanyUser(tx: Tx, companyId: number, userId: number) {
  const [row] = await tx
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

export interface PractitionerValues {
  active: 'Y' | 'N';
  colour: string;
  practiceNumber: string | null;
  registrationNumber: string | null;
  defaultRoomId: number | null;
}

export async function upsertPractitioner(
  tx: Tx,
  companyId: number,
  userId: number,
  values: PractitionerValues,
) {
  await tx
    .insert(practitioners)
    .values({ companyId, userId, ...values })
    .onConflictDoUpdate({
      target: [practitioners.companyId, practitioners.userId],
      set: { ...values, updatedAt: new Date() },
    });
}

/** Replaces the practitioner's weekly hours. */
export async function replaceHours(tx: Tx, companyId: number, userId: number, intervals: WorkingInterval[]) {
  await tx
    .delete(practitionerHours)
    .where(and(eq(practitionerHours.companyId, companyId), eq(practitionerHours.userId, userId)));
  if (intervals.length === 0) return;
  await tx
    .insert(practitionerHours)
    .values(
      intervals.map((i) => ({ companyId, userId, weekday: i.weekday, startTime: i.start, endTime: i.end })),
    );
}
