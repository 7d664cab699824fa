import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('company configuration', () => {
  it('starts with the country VAT rate and derived time zone', async () => {
    const za = await login(ctx.app, 'za.reception');
    const res = await ctx.app.inject({ url: `/api/company/${za.user.companyId}/config`, headers: za.bearer });
    expect(res.json()).toMatchObject({
      type: 'H',
      taxRegistered: 'Y',
      vatRateBps: 1500,
      timeZone: 'Africa/Johannesburg',
      currency: 'ZAR',
    });
    const uk = await login(ctx.app, 'uk.user');
    const ukRes = await ctx.app.inject({
      url: `/api/company/${uk.user.companyId}/config`,
      headers: uk.bearer,
    });
    expect(ukRes.json()).toMatchObject({
      type: 'F',
      taxRegistered: 'N',
      vatRateBps: 2000,
      timeZone: 'Europe/London',
    });
  });

  it('an administrator edits the VAT rate; others are refused and bad values change nothing', async () => {
    const admin = await login(ctx.app, 'za.admin');
    const staff = await login(ctx.app, 'za.reception');
    const url = `/api/company/${admin.user.companyId}/config`;
    expect(
      (await ctx.app.inject({ method: 'PUT', url, headers: staff.bearer, payload: { vatRateBps: 1600 } }))
        .statusCode,
    ).toBe(403);
    for (const bad of [
      { vatRateBps: -1 },
      { vatRateBps: 10_001 },
      { vatRateBps: 15.5 },
      { type: 'F' },
      { supportEmail: 'x' },
    ]) {
      expect(
        (await ctx.app.inject({ method: 'PUT', url, headers: admin.bearer, payload: bad })).statusCode,
      ).toBe(400);
    }
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: admin.bearer,
      payload: { vatRateBps: 1600 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vatRateBps: 1600, type: 'H', taxRegistered: 'Y' });
    const after = await ctx.app.inject({ url, headers: staff.bearer });
    expect(after.json().vatRateBps).toBe(1600);
  });

  it('a refused value names its field in the words the Settings form shows, and changes nothing', async () => {
    const admin = await login(ctx.app, 'za.admin');
    const url = `/api/company/${admin.user.companyId}/config`;
    const before = (await ctx.app.inject({ url, headers: admin.bearer })).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: admin.bearer,
      payload: { practiceNumber: '0721234', supportEmail: 'desk@', vatRateBps: 10_001 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.supportEmail', message: 'Enter a valid e-mail address.' },
        { path: 'body.vatRateBps', message: 'From 0% to 100%.' },
      ]),
    );
    expect((await ctx.app.inject({ url, headers: admin.bearer })).json()).toEqual(before);
  });
});
