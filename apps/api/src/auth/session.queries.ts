import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { loginThrottle, sessions, users } from '../db/schema/index.ts';
import type { Tx } from '../db/tenancy.ts';

/** System role: the session decides the tenant, so it is read before one is set. */
export async function findLiveSession(tx: Tx, tokenHash: string) {
  const rows = await tx
    .select({
      sessionId: sessions.id,
      userId: users.id,
      companyId: users.companyId,
      username: users.username,
      roles: users.roles,
      rights: users.rights,
      enableInvoicing: users.enableInvoicing,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return rows[0];
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

export async function revokeSession(tx: Tx, sessionId: number) {
  await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(tx: Tx, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function readThrottle(tx: Tx, usernameKey: string) {
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.usernameKey, usernameKey))
    .for('update');
  return rows[0];
}

export async function saveThrottle(tx: Tx, row: typeof loginThrottle.$inferInsert) {
  await tx
    .insert(loginThrottle)
    .values(row)
    .onConflictDoUpdate({
      target: loginThrottle.usernameKey,
      set: { failures: row.failures, windowStart: row.windowStart, lockedUntil: row.lockedUntil ?? null },
    });
}

export async function clearThrottle(tx: Tx, usernameKey: string) {
  await tx.delete(loginThrottle).where(eq(loginThrottle.usernameKey, usernameKey));
}
