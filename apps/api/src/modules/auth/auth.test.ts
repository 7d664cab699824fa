import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/tokens.ts';
import { sessions } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('sign-in', () => {
  it('answers the user and a token, and sets an HttpOnly, Secure, SameSite=Strict cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '  ZA.Admin ', password: 'Demo!2026' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'za.admin', rights: 'A', roles: ['ROLE_ISOPRACTICE'] });
    expect(body.user.passwordHash).toBeUndefined();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`pd_session=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'za.reception', password: 'nope' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody.here', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('stores only a hash of the session token', async () => {
    const { token } = await login(ctx.app, 'za.learn');
    const stored = await withSystem(ctx.database.db, (tx) => tx.select().from(sessions));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
  });
});

describe('sessions', () => {
  it('ping works with the bearer token and with the cookie, and not without either', async () => {
    const { token, user, bearer } = await login(ctx.app, 'za.reception');
    const viaBearer = await ctx.app.inject({ url: '/api/auth/ping', headers: bearer });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toMatchObject({ ok: true, userId: user.id, idleMinutes: 30 });
    const viaCookie = await ctx.app.inject({ url: '/api/auth/ping', cookies: { pd_session: token } });
    expect(viaCookie.statusCode).toBe(200);
    const none = await ctx.app.inject({ url: '/api/auth/ping' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const garbage = await ctx.app.inject({
      url: '/api/auth/ping',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('many signed-in requests at once each find their own session', async () => {
    // The embedded engine's connections share one backend; a statement outside a transaction could
    // interleave with another connection's and answer for the wrong query (connect.ts).
    const users = await Promise.all(
      ['za.admin', 'za.reception', 'uk.admin', 'uk.adviser'].map((u) => login(ctx.app, u)),
    );
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => {
        const who = users[i % users.length];
        if (!who) throw new Error('no user');
        const url = i % 2 ? '/api/auth/ping' : `/api/client1/company/${who.user.companyId}/lazy?search=an`;
        return ctx.app.inject({ url, headers: who.bearer }).then((r) => ({ r, who, url }));
      }),
    );
    for (const { r, who, url } of answers) {
      expect({ url, status: r.statusCode }).toEqual({ url, status: 200 });
      if (url === '/api/auth/ping') expect(r.json().userId).toBe(who.user.id);
    }
  });

  it('logout revokes the session on the next request and clears the cookie', async () => {
    const { bearer } = await login(ctx.app, 'za.web');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/pd_session=;/);
    const after = await ctx.app.inject({ url: '/api/auth/ping', headers: bearer });
    expect(after.statusCode).toBe(401);
  });

  it('deactivating a user ends their sessions at once; only an administrator may', async () => {
    const admin = await login(ctx.app, 'za.admin');
    const staff = await login(ctx.app, 'za.evolve');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${admin.user.id}/active`,
      headers: staff.bearer,
      payload: { active: false },
    });
    expect(refused.statusCode).toBe(403);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${staff.user.id}/active`,
      headers: admin.bearer,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await ctx.app.inject({ url: '/api/auth/ping', headers: staff.bearer })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'za.evolve', password: 'Demo!2026' },
    });
    expect(again.statusCode).toBe(401);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${staff.user.id}/active`,
      headers: admin.bearer,
      payload: { active: true },
    });
    await login(ctx.app, 'za.evolve');
  });

  it('an administrator cannot deactivate themself', async () => {
    const admin = await login(ctx.app, 'uk.admin');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${admin.user.id}/active`,
      headers: admin.bearer,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/auth/ping', headers: admin.bearer })).statusCode).toBe(200);
  });
});

describe('CSRF: cookie-authenticated writes need the custom header and the same origin', () => {
  it('refuses a cookie write without the header, or from another origin, and allows a proper one', async () => {
    const { token, bearer } = await login(ctx.app, 'uk.user');
    const cookies = { pd_session: token };
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('CSRF_REJECTED');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { ...CSRF, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/auth/ping', headers: bearer })).statusCode).toBe(200);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { ...CSRF, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe('sign-in throttling', () => {
  const attempt = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('locks an account for 15 minutes after ten failures, even for the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('uk.learn', `wrong-${i}`)).statusCode).toBe(401);
    const locked = await attempt('uk.learn', 'Demo!2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is unaffected.
    expect((await attempt('uk.web', 'Demo!2026')).statusCode).toBe(200);
  });

  it('answers an unknown username exactly like a known one, so lockout reveals nothing', async () => {
    for (let i = 0; i < 10; i++) await attempt('ghost.account', `x${i}`);
    const res = await attempt('ghost.account', 'x');
    expect(res.statusCode).toBe(429);
  });

  it('a success before the limit resets the count', async () => {
    for (let i = 0; i < 9; i++) await attempt('uk.practice', 'bad');
    expect((await attempt('uk.practice', 'Demo!2026')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await attempt('uk.practice', 'bad');
    expect((await attempt('uk.practice', 'Demo!2026')).statusCode).toBe(200);
  });
});
