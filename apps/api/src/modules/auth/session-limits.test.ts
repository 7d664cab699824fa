import { BACKGROUND_HEADER } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { MAX_ADDRESS_FAILURES } from './login.service.ts';

/** Issue 12, point 12: the idle timeout beside the 12-hour lifetime, and the per-address sign-in throttle. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

const ping = (bearer: Record<string, string>, background = false) =>
  ctx.app.inject({
    url: '/api/auth/ping',
    headers: { ...bearer, ...(background ? { [BACKGROUND_HEADER]: '1' } : {}) },
  });

/** Moves the session's last activity back by so many seconds; answers the new value. */
async function idleFor(userId: number, seconds: number): Promise<Date> {
  const { rows } = await ctx.database.pool.query<{ last_seen_at: Date }>(
    `update sessions set last_seen_at = now() - make_interval(secs => $2)
      where user_id = $1 and revoked_at is null returning last_seen_at`,
    [userId, seconds],
  );
  return rows[0]?.last_seen_at as Date;
}

async function lastSeen(userId: number): Promise<Date> {
  const { rows } = await ctx.database.pool.query<{ last_seen_at: Date }>(
    'select last_seen_at from sessions where user_id = $1 and revoked_at is null',
    [userId],
  );
  return rows[0]?.last_seen_at as Date;
}

describe('idle timeout', () => {
  it('is 30 minutes unless SESSION_IDLE_MINUTES says otherwise, and sign-in and ping tell the web app', async () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(30);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '10' }).sessionIdleMinutes).toBe(10);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'uk.web', password: 'Demo!2026' },
    });
    expect(res.json().idleMinutes).toBe(30);
    expect((await ping({ authorization: `Bearer ${res.json().token}` })).json().idleMinutes).toBe(30);
  });

  it('ends a session 30 minutes after its last request, well inside its 12-hour lifetime', async () => {
    const { user, bearer } = await login(ctx.app, 'uk.admin');
    await idleFor(user.id, 29 * 60);
    expect((await ping(bearer)).statusCode).toBe(200); // and that request counts as activity
    await idleFor(user.id, 30 * 60 + 5);
    expect((await ping(bearer)).statusCode).toBe(401);
    // Idle is final: a later request does not revive it.
    expect((await ping(bearer)).statusCode).toBe(401);
  });

  it('notes activity at most once a minute, and never for background checks', async () => {
    const { user, bearer } = await login(ctx.app, 'uk.practice');
    const recent = await idleFor(user.id, 20);
    expect((await ping(bearer)).statusCode).toBe(200);
    expect(await lastSeen(user.id)).toEqual(recent); // under a minute old: no write

    const older = await idleFor(user.id, 10 * 60);
    const background = await ping(bearer, true);
    expect(background.statusCode).toBe(200);
    expect(await lastSeen(user.id)).toEqual(older); // a background check is not activity
    // …and it tells the web app when the session will end: 30 minutes after the last activity.
    const { idleSecondsLeft } = background.json();
    expect(idleSecondsLeft).toBeGreaterThan(20 * 60 - 10);
    expect(idleSecondsLeft).toBeLessThanOrEqual(20 * 60);

    expect((await ping(bearer)).statusCode).toBe(200);
    expect((await lastSeen(user.id)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a background check does not keep an idle session alive', async () => {
    const { user, bearer } = await login(ctx.app, 'uk.learn');
    await idleFor(user.id, 30 * 60 + 5);
    expect((await ping(bearer, true)).statusCode).toBe(401);
  });
});

describe('sign-in throttle per address', () => {
  const attempt = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress,
    });

  it('a stranger who fails ten times locks only themself out, not the colleague at another address', async () => {
    const stranger = '203.0.113.9';
    for (let i = 0; i < 10; i++)
      expect((await attempt('za.admin', `wrong-${i}`, stranger)).statusCode).toBe(401);
    expect((await attempt('za.admin', 'Demo!2026', stranger)).statusCode).toBe(429);
    expect((await attempt('za.admin', 'Demo!2026', '198.51.100.20')).statusCode).toBe(200);
  });

  it(`one address cannot spray usernames: after ${MAX_ADDRESS_FAILURES} failures it is refused for every one`, async () => {
    const sprayer = '203.0.113.66';
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      expect((await attempt(`guess.${i}`, 'Password1', sprayer)).statusCode).toBe(401);
    }
    const refused = await attempt('uk.admin', 'Demo!2026', sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(refused.json().message).toMatch(/network address/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address signs the same user in.
    expect((await attempt('uk.admin', 'Demo!2026', '198.51.100.21')).statusCode).toBe(200);
  }, 120_000);
});
