import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { createTestContext, login, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let bearer: Record<string, string>;
let staffBearer: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  bearer = (await login(ctx.app, 'za.admin')).bearer;
  staffBearer = (await login(ctx.app, 'za.reception')).bearer;
});
afterAll(() => ctx.close());

function expectErrorShape(body: Record<string, unknown>, code: string) {
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
}

describe('one error shape for every failure', () => {
  it('malformed JSON answers 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "za.admin", ',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'BAD_REQUEST');
  });

  it('an unknown field answers 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'za.admin', password: 'Demo!2026', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'VALIDATION_FAILED');
    expect(res.json().fields).toEqual([{ path: 'body.isAdmin', message: 'Unknown field.' }]);
  });

  it('a wrongly typed or missing field answers 400 with its path', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 42 } });
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.username', 'body.password']));
    const badId = await ctx.app.inject({ url: '/api/user/abc', headers: bearer });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields[0].path).toBe('params.id');
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x', password: 'y'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('an unknown route answers 404', async () => {
    const res = await ctx.app.inject({ url: '/api/does-not-exist', headers: bearer });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'NOT_FOUND');
  });

  it('a missing session answers 401 and missing rights 403', async () => {
    const noSession = await ctx.app.inject({ url: '/api/user/1' });
    expect(noSession.statusCode).toBe(401);
    expectErrorShape(noSession.json(), 'UNAUTHENTICATED');
    const noRights = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/1/active',
      headers: staffBearer,
      payload: { active: true },
    });
    expect(noRights.statusCode).toBe(403);
    expectErrorShape(noRights.json(), 'FORBIDDEN');
  });

  it('an unexpected failure answers 500 without internals', async () => {
    const failingDb = {
      transaction: async () => {
        throw new Error('connection refused at /srv/secret/db.ts:12 password=hunter2');
      },
    } as unknown as Db;
    const broken = await buildApp({
      db: failingDb,
      config: { ...loadConfig({}), logLevel: 'silent' },
      logger: false,
    });
    const res = await broken.inject({ url: '/api/auth/ping', headers: { authorization: 'Bearer abc' } });
    await broken.close();
    expect(res.statusCode).toBe(500);
    expectErrorShape(res.json(), 'INTERNAL');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret');
  });
});
