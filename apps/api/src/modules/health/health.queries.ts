import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { selectRowOutsideTx } from '../../lib/sql-outside-tx.ts';

/** A trivial statement: it fails (and so does the probe) when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await selectRowOutsideTx(db, z.object({ ok: z.literal(1) }), sql`select 1 as ok`);
}
