import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, needsTransactionPerStatement } from '../db/connect.ts';
import { loginThrottle, sessions, users } from '../db/schema/index.ts';
import type { Tx } from '../db/tenancy.ts';

interface SessionPrincipalRow extends Record<string, unknown> {
  session_id: number;
  user_id: number;
  company_id: number;
  username: string;
  roles: string[];
  rights: string;
  enable_invoicing: string;
}

/**
 * The live session of a token hash and its active user: one statement through pd_session_principal
 * (migration 0011), which runs as the system role because the session decides the tenant.
 */
export async function findLiveSession(db: Db, tokenHash: string) {
  const query = sql`select * from pd_session_principal(${tokenHash})`;
  const { rows } = needsTransactionPerStatement(db)
    ? await db.transaction((tx) => tx.execute<SessionPrincipalRow>(query))
    : await db.execute<SessionPrincipalRow>(query);
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    username: row.username,
    roles: row.roles,
    rights: row.rights,
    enableInvoicing: row.enable_invoicing,
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
