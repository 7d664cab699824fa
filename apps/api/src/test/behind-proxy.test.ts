import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { CSRF, createTestContext, type TestContext } from './harness.ts';

/** Issue 12, point 11: behind an HTTPS reverse proxy, and the API docs. */

const viaProxy = {
  ...CSRF,
  origin: 'https://desk.example.org',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'desk.example.org',
};

async function cookieOf(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'za.admin', password: 'Demo!2026' },
  });
  return String(res.headers['set-cookie']).split(';')[0] ?? '';
}

/** A cookie-authenticated write (the CSRF origin check applies) as a browser behind the proxy sends it. */
const writeThroughProxy = async (ctx: TestContext, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/process/1',
    headers: { ...viaProxy, cookie },
    payload: { name: `Proxy ${Date.now()}` },
  });

describe('TRUST_PROXY=true (behind a TLS-terminating proxy)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  it('accepts a cookie write whose origin is the public HTTPS address, and sends HSTS', async () => {
    const res = await writeThroughProxy(ctx, await cookieOf(ctx));
    expect(res.statusCode).toBe(201);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('still refuses another origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/process/1',
      headers: { ...viaProxy, origin: 'https://evil.example', cookie: await cookieOf(ctx) },
      payload: { name: 'Evil' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
  });
});

describe('by default (no proxy trusted)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('believes no forwarded header: the proxied origin is refused and no HSTS is sent over plain HTTP', async () => {
    const res = await writeThroughProxy(ctx, await cookieOf(ctx));
    expect(res.statusCode).toBe(403);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the API docs to signed-in users only, under a policy without inline scripts', async () => {
    expect((await ctx.app.inject({ url: '/api/docs/' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
    const cookie = await cookieOf(ctx);
    const page = await ctx.app.inject({ url: '/api/docs/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect((await ctx.app.inject({ url: '/api/openapi.json', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('API_DOCS_PUBLIC=true', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { API_DOCS_PUBLIC: 'true' } });
  });
  afterAll(() => ctx.close());

  it('opens the docs to anyone', async () => {
    expect((await ctx.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});

it('a TRUST_PROXY value that is not one of the forms stops the start with the variable named', () => {
  expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
});
