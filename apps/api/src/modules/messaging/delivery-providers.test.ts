import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { deliveryNames } from './delivery/transports.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx.close());

describe('which channels a provider delivers (issue 13)', () => {
  it('says false for a channel without a provider, so the screens can say "not delivered"', async () => {
    const who = await login(ctx.app, 'za.reception');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/message1/delivery', headers: who.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: false, sms: false });
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/message1/delivery' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('names a provider for a configured channel (what the route answers true for)', () => {
    const base = { smtpFrom: 'desk@example.com', smsApiUrl: 'http://127.0.0.1:9', smsFrom: 'Desk' };
    const names = deliveryNames({
      ...base,
      smtpUrl: 'smtp://127.0.0.1:2525',
      smsProvider: 'bulksms',
      smsApiKey: 'key',
    } as Parameters<typeof deliveryNames>[0]);
    expect(names).toEqual({ email: 'smtp', sms: 'bulksms' });
  });
});
