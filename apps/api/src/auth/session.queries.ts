import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { loginAddressThrottle, loginThrottle, sessions, users } from '../db/schema/index.ts';
import type { Tx } from '../db/tenancy.ts';
import { selectRowOutsideTx } from '../lib/sql-outside-tx.ts';

const sessionPrincipalRow = z.object({
  session_id: z.number().int(),
  user_id: z.number().int(),
  company_id: z.number().int(),
  username: z.string(),
  roles: z.array(z.string()),
  rights: z.string(),
  enable_invoicing: z.string(),
  idle_seconds_left: z.number().int(),
});

/**
 * The live session of a token hash and its active user: one statement through pd_session_principal
 * (migrations 0011, 0026), which runs as the system role because the session decides the tenant. A session
 * idle for idleMinutes is not live; unless touch is false (background checks), the request counts as
 * activity, noted at most once a minute.
 */
export async function findLiveSession(db: Db, tokenHash: string, idleMinutes: number, touch: boolean) {
  const row = await selectRowOutsideTx(
    db,
    sessionPrincipalRow,
    sql`select * from pd_session_principal(${tokenHash}, ${Math.round(idleMinutes * 60)}::int, ${touch})`,
  );
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    username: row.username,
    roles: row.roles,
    rights: row.rights,
    enableInvoicing: row.enable_invoicing,
    idleSecondsLeft: row.idle_seconds_left,
  };
}

export async function findUserByUsername(tx: Tx, usernameKey: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, usernameKey))
    .limit(1);
  return rows[0];
}

export async function insertSession(
  tx: Tx,
  values: { companyId: number; userId: number; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(sessions).values(values);
}

export async function revokeSession(tx: Tx, companyId: number, sessionId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, sessionId)));
}

export async function revokeUserSessions(tx: Tx, companyId: number, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The per-username counter of one address, locked so concurrent guesses count one by one. */
export async function readThrottle(tx: Tx, usernameKey: string, address: string) {
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.usernameKey, usernameKey), eq(loginThrottle.address, address)))
    .for('update');
  return rows[0];
}

export async function saveThrottle(tx: Tx, row: typeof loginThrottle.$inferInsert) {
  await tx
    .insert(loginThrottle)
    .values(row)
    .onConflictDoUpdate({
      target: [loginThrottle.usernameKey, loginThrottle.address],
      set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil ?? null },
    });
}

export async function clearThrottle(tx: Tx, usernameKey: string, address: string) {
  await tx
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.usernameKey, usernameKey), eq(loginThrottle.address, address)));
}

/** The address's counter across usernames; read without a lock so an office's sign-ins do not queue. */
export async function readAddressThrottle(tx: Tx, address: string) {
  const rows = await tx.select().from(loginAddressThrottle).where(eq(loginAddressThrottle.address, address));
  return rows[0];
}

/**
 * One more failure from the address, counted in one statement (concurrent failures all count): a window
 * older than windowMs starts again at 1; reaching maxFailures locks the address for windowMs.
 */
export async function countAddressFailure(tx: Tx, address: string, maxFailures: number, windowMs: number) {
  const t = loginAddressThrottle;
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const open = sql`${t.windowStart} > now() - ${window}`;
  const failures = sql`case when ${open} then ${t.failures} + 1 else 1 end`;
  await tx
    .insert(t)
    .values({ address, failures: 1, windowStart: sql`now()`, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.address,
      set: {
        failures,
        windowStart: sql`case when ${open} then ${t.windowStart} else now() end`,
        lockedUntil: sql`case when ${failures} >= ${maxFailures} then now() + ${window} else null end`,
      },
    });
}
