import type { AvailabilityException, ExceptionKind } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { availabilityExceptions } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

import { execute, mustExist, selectRows } from '../../lib/sql.ts';

const exceptionRow = z.object({
  id: z.number(),
  companyId: z.number(),
  practitionerId: z.number().nullable(),
  kind: z.enum(['leave', 'training', 'closed', 'other']),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});

const COLUMNS = sql`id, company_id as "companyId", user_id as "practitionerId", kind,
  to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate",
  to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime", note`;

export interface ExceptionFilter {
  start?: string | undefined;
  end?: string | undefined;
  /** The practitioner's own exceptions and the whole practice's. */
  practitionerIds?: number[] | undefined;
}

/** Exceptions touching [start, end] (dates), by start. */
export function selectExceptions(
  tx: Tx,
  companyId: number,
  f: ExceptionFilter,
): Promise<AvailabilityException[]> {
  const ids = f.practitionerIds;
  return selectRows(
    tx,
    exceptionRow,
    sql`select ${COLUMNS} from availability_exceptions
         where company_id = ${companyId}
           ${f.start ? sql`and end_date >= ${f.start}::date` : sql``}
           ${f.end ? sql`and start_date <= ${f.end}::date` : sql``}
           ${ids ? sql`and (user_id is null or user_id = any(${`{${ids.join(',')}}`}::bigint[]))` : sql``}
         order by start_date, id`,
  );
}

export async function findException(tx: Tx, companyId: number, id: number) {
  const rows = await selectRows(
    tx,
    exceptionRow,
    sql`select ${COLUMNS} from availability_exceptions where company_id = ${companyId} and id = ${id} for update`,
  );
  return rows[0];
}

export interface ExceptionValues {
  userId: number | null;
  kind: ExceptionKind;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  note: string | null;
}

export async function insertException(tx: Tx, companyId: number, createdBy: number, values: ExceptionValues) {
  const [row] = await tx
    .insert(availabilityExceptions)
    .values({ ...values, companyId, createdBy })
    .returning({ id: availabilityExceptions.id });
  return mustExist(row, 'exception').id;
}

export async function updateException(tx: Tx, companyId: number, id: number, v: ExceptionValues) {
  await execute(
    tx,
    sql`update availability_exceptions
           set user_id = ${v.userId}, kind = ${v.kind}, start_date = ${v.startDate}, end_date = ${v.endDate},
               start_time = ${v.startTime}, end_time = ${v.endTime}, note = ${v.note}, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );
}

export async function deleteException(tx: Tx, companyId: number, id: number) {
  await execute(tx, sql`delete from availability_exceptions where company_id = ${companyId} and id = ${id}`);
}
