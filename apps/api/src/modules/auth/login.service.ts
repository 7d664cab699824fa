import type { Principal } from '../../auth/access.ts';
import { verifyPassword } from '../../auth/password.ts';
import {
  clearThrottle,
  countAddressFailure,
  findUserByUsername,
  insertSession,
  readAddressThrottle,
  readThrottle,
  revokeSession,
  saveThrottle,
} from '../../auth/session.queries.ts';
import { hashToken, newSessionToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { withSystem } from '../../db/tenancy.ts';
import { DomainError, UnauthenticatedError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toUserDto } from '../users/user.dto.ts';

/** Failures of one username from one address before that pair is locked for the window. */
export const MAX_FAILURES = 10;
/** Failures from one address across every username before the address is refused for the window. */
export const MAX_ADDRESS_FAILURES = 50;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

const LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const ADDRESS_LOCKED_MESSAGE =
  'Too many failed sign-in attempts from this network address. Please wait 15 minutes and try again.';

const secondsUntil = (until: Date, now: Date) => Math.ceil((until.getTime() - now.getTime()) / 1000);

type Outcome =
  | { kind: 'locked'; retryAfterSeconds: number; message: string }
  | { kind: 'failed' }
  | { kind: 'ok'; user: ReturnType<typeof toUserDto>; token: string; expiresAt: Date; idleMinutes: number };

/**
 * One transaction per attempt. Failures count per username and address (the row locked so concurrent
 * guesses count one by one) and per address across usernames. Failures are committed, then reported: an
 * exception inside would roll the count back.
 */
export async function login(db: Db, config: Config, username: string, password: string, address: string) {
  const usernameKey = username.trim().toLowerCase();
  const outcome = await withSystem(db, async (tx): Promise<Outcome> => {
    const now = new Date();
    const fromAddress = await readAddressThrottle(tx, address);
    if (fromAddress?.lockedUntil && fromAddress.lockedUntil > now) {
      const retryAfterSeconds = secondsUntil(fromAddress.lockedUntil, now);
      return { kind: 'locked', retryAfterSeconds, message: ADDRESS_LOCKED_MESSAGE };
    }
    const throttle = await readThrottle(tx, usernameKey, address);
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      const retryAfterSeconds = secondsUntil(throttle.lockedUntil, now);
      return { kind: 'locked', retryAfterSeconds, message: LOCKED_MESSAGE };
    }
    const user = await findUserByUsername(tx, usernameKey);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordOk || !user.active) {
      const windowOpen = throttle && now.getTime() - throttle.windowStart.getTime() < THROTTLE_WINDOW_MS;
      const failures = windowOpen ? throttle.failures + 1 : 1;
      await countAddressFailure(tx, address, MAX_ADDRESS_FAILURES, THROTTLE_WINDOW_MS);
      await saveThrottle(tx, {
        usernameKey,
        address,
        failures,
        windowStart: windowOpen ? throttle.windowStart : now,
        lockedUntil: failures >= MAX_FAILURES ? new Date(now.getTime() + THROTTLE_WINDOW_MS) : null,
      });
      return { kind: 'failed' };
    }
    if (throttle) await clearThrottle(tx, usernameKey, address);
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
    return { kind: 'ok', user: toUserDto(user), token, expiresAt, idleMinutes: config.sessionIdleMinutes };
  });
  if (outcome.kind === 'locked') {
    throw new DomainError('TOO_MANY_REQUESTS', 429, outcome.message, undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  }
  if (outcome.kind === 'failed') throw new UnauthenticatedError('Invalid username or password.');
  return outcome;
}

/** Sign-out ends the caller's session (system work, like sign-in: sessions decide the tenant). */
export function logout(db: Db, principal: Pick<Principal, 'companyId' | 'sessionId'>): Promise<void> {
  return withSystem(db, (tx) => revokeSession(tx, principal.companyId, principal.sessionId));
}
