import { verifyPassword } from '../../auth/password.ts';
import {
  clearThrottle,
  findUserByUsername,
  insertSession,
  readThrottle,
  saveThrottle,
} from '../../auth/session.queries.ts';
import { hashToken, newSessionToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { withSystem } from '../../db/tenancy.ts';
import { DomainError, UnauthenticatedError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toUserDto } from '../users/user.dto.ts';

export const MAX_FAILURES = 10;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

type Outcome =
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'failed' }
  | { kind: 'ok'; user: ReturnType<typeof toUserDto>; token: string; expiresAt: Date };

/**
 * One transaction per attempt, the throttle row locked so concurrent guesses count one by one.
 * Failures are committed, then reported: an exception inside would roll the count back.
 */
export async function login(db: Db, config: Config, username: string, password: string) {
  const usernameKey = username.trim().toLowerCase();
  const outcome = await withSystem(db, async (tx): Promise<Outcome> => {
    const now = new Date();
    const throttle = await readThrottle(tx, usernameKey);
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      return {
        kind: 'locked',
        retryAfterSeconds: Math.ceil((throttle.lockedUntil.getTime() - now.getTime()) / 1000),
      };
    }
    const user = await findUserByUsername(tx, usernameKey);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordOk || !user.active) {
      const windowOpen = throttle && now.getTime() - throttle.windowStart.getTime() < THROTTLE_WINDOW_MS;
      const failures = windowOpen ? throttle.failures + 1 : 1;
      await saveThrottle(tx, {
        usernameKey,
        failures,
        windowStart: windowOpen ? throttle.windowStart : now,
        lockedUntil: failures >= MAX_FAILURES ? new Date(now.getTime() + THROTTLE_WINDOW_MS) : null,
      });
      return { kind: 'failed' };
    }
    if (throttle) await clearThrottle(tx, usernameKey);
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + config.sessionTtlHours * 3_600_000);
    await insertSession(tx, {
      companyId: user.companyId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
    await recordAudit(
      tx,
      { companyId: user.companyId, userId: user.id },
      {
        subProcess: 'Security',
        action: 'auth.login',
        description: `${user.username} signed in.`,
      },
    );
    return { kind: 'ok', user: toUserDto(user), token, expiresAt };
  });
  if (outcome.kind === 'locked') {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      429,
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      undefined,
      { 'retry-after': String(outcome.retryAfterSeconds) },
    );
  }
  if (outcome.kind === 'failed') throw new UnauthenticatedError('Invalid username or password.');
  return outcome;
}
