import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';

/** The company's appointment's id, or undefined (another company's reads as missing). */
export const findAppointmentId = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`select id from appointments where company_id = ${companyId} and id = ${id}`,
  );
