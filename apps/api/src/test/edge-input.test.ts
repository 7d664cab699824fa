import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, login, type TestContext } from './harness.ts';
import { PROBE_BODIES } from './probe-bodies.ts';

/** Issue 12, points 4 and 5: hostile input at the edge answers 4xx in the error shape, never 500. */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  ctx = await createTestContext();
  // An administrator of the adviser company: rights A, and tasks are open to its role.
  admin = await login(ctx.app, 'uk.admin');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { ...admin.bearer, ...CSRF }, payload: payload as object });

/** Puts the bad text into the first string of a probe body (or a new field when it has none). */
function withBadText(body: unknown, bad: string): { body: Record<string, unknown>; path: string } {
  const copy = structuredClone(body) as Record<string, unknown>;
  const key = Object.keys(copy).find((k) => typeof copy[k] === 'string') ?? 'probe';
  copy[key] = `before${bad}after`;
  return { body: copy, path: `body.${key}` };
}

describe('text PostgreSQL cannot store', () => {
  const writes = Object.entries(PROBE_BODIES).map(([route, body]) => {
    const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
    return { method, url: url.replace(/:(\w+)/g, (_m, name) => (name === 'companyId' ? '1' : '1')), body };
  });

  it.each([
    ['a NUL character', '\u0000'],
    ['a lone surrogate', '\ud800'],
  ])('%s in any body answers 400 naming the field, on every write route and sign-in', async (_name, bad) => {
    expect(writes.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const w of writes) {
      const { body, path } = withBadText(w.body, bad);
      const res = await call(w.method, w.url, body);
      const parsed = errorBodySchema.safeParse(res.json());
      if (res.statusCode !== 400 || !parsed.success || parsed.data.fields?.[0]?.path !== path)
        wrong.push(`${w.method} ${w.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `za.admin${bad}`, password: 'x' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().fields[0].path).toBe('body.username');
  });

  it('in a path part or a query string answers 400 too', async () => {
    const inPath = await call('GET', '/api/process/1/a%00b');
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().fields[0].path).toBe('params.search');
    const inQuery = await call('GET', '/api/invoice1/all/lazyloading/1?search=a%00b');
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().fields[0].path).toBe('querystring.search');
  });
});

describe('JSON nested absurdly deep', () => {
  it('answers 400 naming where, on every write route, before any walk over it can exhaust the stack', async () => {
    const levels = 20_000;
    const wrong: string[] = [];
    for (const route of Object.keys(PROBE_BODIES)) {
      const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
      const res = await ctx.app.inject({
        method,
        url: url.replace(/:(\w+)/g, '1'),
        headers: { ...admin.bearer, ...CSRF, 'content-type': 'application/json' },
        payload: `{"deep":${'['.repeat(levels)}${']'.repeat(levels)}}`,
      });
      const parsed = errorBodySchema.safeParse(res.json());
      if (
        res.statusCode !== 400 ||
        !parsed.success ||
        !parsed.data.fields?.[0]?.path.startsWith('body.deep.0.0')
      )
        wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    const res = await call('POST', `/api/form/${admin.user.companyId}`, {});
    expect(res.statusCode).toBe(400);
  });
});

describe("Fastify's own refusals come in the error shape", () => {
  it('a bad percent-encoding answers 400 without echoing the path', async () => {
    const res = await call('GET', '/api/process/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
    expect(res.body).not.toContain('%E0');
  });

  it('a path part over the limit answers 414 in the shape; a long search text answers 400', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/api/process/${'9'.repeat(600)}`, method === 'PUT' ? {} : undefined);
      expect(res.statusCode).toBe(414);
      expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
    }
    const search = await call('GET', `/api/process/1/${'a'.repeat(150)}`);
    expect(search.statusCode).toBe(400);
    expect(search.json().code).toBe('VALIDATION_FAILED');
  });

  it('40,000 unknown keys answer a short list of problems', async () => {
    const body: Record<string, string> = { name: 'Probe' };
    for (let i = 0; i < 40_000; i++) body[`k${i}`] = 'x';
    const res = await call('POST', '/api/process/1', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.length).toBeLessThanOrEqual(50);
    expect(res.body.length).toBeLessThan(10_000);
  });

  it('a 100,000-character query string answers 431 in the shape, from the real HTTP server', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: `/api/health?q=${'a'.repeat(100_000)}` });
    req.end();
    const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
    let text = '';
    for await (const chunk of res) text += chunk;
    expect(res.statusCode).toBe(431);
    expect(errorBodySchema.parse(JSON.parse(text)).code).toBe('BAD_REQUEST');
  });
});

describe('numbers in a path or a query string', () => {
  it.each(['0x1', '1e0', '+1', '1.0', ' 1', '1_0'])(
    '%s answers 400 in the shape, never read as a number',
    async (bad) => {
      const companyId = admin.user.companyId;
      const asPath = await call(
        'GET',
        `/api/company/${encodeURIComponent(bad.replace('1', String(companyId)))}/config`,
      );
      expect(asPath.statusCode).toBe(400);
      expect(errorBodySchema.parse(asPath.json()).fields?.[0]?.path).toBe('params.companyId');
      const asQuery = await call(
        'GET',
        `/api/client1/company/${companyId}/lazy?page=${encodeURIComponent(bad)}`,
      );
      expect(asQuery.statusCode).toBe(400);
      expect(errorBodySchema.parse(asQuery.json()).fields?.[0]?.path).toBe('querystring.page');
      const asQueryId = await call(
        'GET',
        `/api/client1/company/${companyId}/lazy?clientId=${encodeURIComponent(bad)}`,
      );
      expect(asQueryId.statusCode).toBe(400);
    },
  );

  it('plain decimal digits still work', async () => {
    const companyId = admin.user.companyId;
    expect((await call('GET', `/api/company/${companyId}/config`)).statusCode).toBe(200);
    expect((await call('GET', `/api/client1/company/${companyId}/lazy?page=1&size=10`)).statusCode).toBe(200);
  });
});

describe('updates and searches at their limits', () => {
  it('an empty company configuration update changes nothing and answers 200', async () => {
    const url = `/api/company/${admin.user.companyId}/config`;
    const before = (await call('GET', url)).json();
    const res = await call('PUT', url, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('a client picker search over 100 characters answers 400, not 404', async () => {
    for (const kind of ['search', 'affiliate']) {
      const res = await call(
        'GET',
        `/api/client1/company/${admin.user.companyId}/${kind}/${'a'.repeat(101)}`,
      );
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).fields?.[0]?.path).toBe('params.text');
    }
  });
});

describe('the client CSV export checks its query before the first byte', () => {
  it.each([
    ['filters that are not JSON', 'filters=nope', 'querystring.filters'],
    ['filters that are not an object', 'filters=%5B1%5D', 'querystring.filters'],
    [
      'a filter on an unknown column',
      'filters=%7B%22password%22%3A%22a%22%7D',
      'querystring.filters.password',
    ],
    ['a search holding a NUL', 'search=a%00b', 'querystring.search'],
  ])('%s answer 400 in the shape, with no file started', async (_name, query, path) => {
    const res = await call('GET', `/api/client1/company/${admin.user.companyId}/export?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(errorBodySchema.parse(res.json()).fields?.[0]?.path).toBe(path);
  });
});
