import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, type Session } from '../invoices/invoice-test-support.ts';
import { nextNoticeType } from './unpaid-run.service.ts';
import { newClient, pastInvoice, system } from './unpaid-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
});
afterAll(() => ctx.close());

const run = () => call.call('POST', `/api/unpaidrun/${za.user.companyId}`, za);
const noticesOf = async (clientId: number) =>
  (await call.get(`/api/unpaid/client/${clientId}`, za)).json() as {
    unpaidType: string;
    unpaidRunId: number;
    amountOutstandingCents: number;
    invoices: { invoiceId: number }[];
  }[];
/** Moves the client's notices back in time, as if days had passed. */
const age = (clientId: number, days: number) =>
  system(
    ctx,
    sql`update unpaid_notices set created_at = created_at - make_interval(days => ${days}) where client_id = ${clientId}`,
  );

describe('unpaid run', () => {
  it('creates the next notice of the ladder per client, not more often than the interval, until the ladder ends', async () => {
    const clientId = await newClient(ctx, za);
    const a = await pastInvoice(ctx, za, clientId, 40_000, '2026-01-05');
    const b = await pastInvoice(ctx, za, clientId, 10_000, '2026-03-05');
    // Not yet due: not in the notice.
    await pastInvoice(ctx, za, clientId, 7_000, new Date().toISOString().slice(0, 10));
    const first = await run();
    expect(first.statusCode).toBe(201);
    const info = first.json();
    expect(info).toMatchObject({ kind: 'unpaid', status: 'done' });
    expect(info.notices).toBeGreaterThanOrEqual(1);
    let notices = await noticesOf(clientId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      unpaidType: 'G',
      unpaidRunId: info.runId,
      amountOutstandingCents: 50_000,
    });
    expect(notices[0]?.invoices.map((i) => i.invoiceId)).toEqual([a.id, b.id]);
    const listed = (await call.get(`/api/invoice1/${za.user.companyId}/unpaidrun/${info.runId}`, za)).json();
    expect(listed.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const infoAgain = (
      await call.get(`/api/invoice1/${za.user.companyId}/unpaidrun/invoiceinfo/${info.runId}`, za)
    ).json();
    expect(infoAgain.notices).toBe(info.notices);

    // Within the interval (14 days by default): nothing new for this client.
    expect((await run()).statusCode).toBe(201);
    expect(await noticesOf(clientId)).toHaveLength(1);

    for (const next of ['F', 'S', 'L']) {
      await age(clientId, 14);
      await run();
      notices = await noticesOf(clientId);
      expect(notices[0]?.unpaidType).toBe(next);
    }
    await age(clientId, 30);
    await run();
    expect(await noticesOf(clientId)).toHaveLength(4); // the ladder is spent
    const audit = (await call.get(`/api/audit/company/${za.user.companyId}?search=unpaid%20run`, za)).json();
    expect(audit.content[0]).toMatchObject({ subProcess: 'Unpaids Management', action: 'unpaid.run' });
  });

  it('follows the configured ladder and interval', async () => {
    const co = za.user.companyId;
    const put = await call.call('PUT', `/api/billing/settings/${co}`, za, {
      unpaidLadder: ['F', 'L'],
      unpaidIntervalDays: 7,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ unpaidLadder: ['F', 'L'], unpaidIntervalDays: 7 });
    try {
      const clientId = await newClient(ctx, za);
      await pastInvoice(ctx, za, clientId, 12_300);
      await run();
      expect((await noticesOf(clientId))[0]?.unpaidType).toBe('F');
      await age(clientId, 6);
      await run();
      expect(await noticesOf(clientId)).toHaveLength(1);
      await age(clientId, 1);
      await run();
      expect((await noticesOf(clientId))[0]?.unpaidType).toBe('L');
    } finally {
      await call.call('PUT', `/api/billing/settings/${co}`, za, {
        unpaidLadder: ['G', 'F', 'S', 'L'],
        unpaidIntervalDays: 14,
      });
    }
    const bad = await call.call('PUT', `/api/billing/settings/${co}`, za, { unpaidLadder: ['G', 'C'] });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const reception = await login(ctx.app, 'za.reception');
    expect(
      (await call.call('POST', `/api/unpaidrun/${reception.user.companyId}`, reception)).statusCode,
    ).toBe(403);
    const put = await call.call('PUT', `/api/billing/settings/${reception.user.companyId}`, reception, {
      billingDay: 5,
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('nextNoticeType', () => {
  const ladder = ['G', 'F', 'S', 'L'] as const;
  const base = {
    clientId: 1,
    oldestDue: '2026-01-01',
    lastLadderType: null,
    lastLadderDate: null,
    lastNoticeDate: null,
  };
  it('starts, escalates, waits and ends', () => {
    expect(nextNoticeType(base, ladder, 14, '2026-03-01')).toBe('G');
    const after = {
      ...base,
      lastLadderType: 'F' as const,
      lastLadderDate: '2026-02-01',
      lastNoticeDate: '2026-02-01',
    };
    expect(nextNoticeType(after, ladder, 14, '2026-02-14')).toBeNull();
    expect(nextNoticeType(after, ladder, 14, '2026-02-15')).toBe('S');
    expect(nextNoticeType({ ...after, lastLadderType: 'L' }, ladder, 14, '2026-03-01')).toBeNull();
  });
  it('restarts the ladder for debt that fell due after the last notice; a manual notice counts for the interval', () => {
    const old = {
      ...base,
      oldestDue: '2026-05-01',
      lastLadderType: 'L' as const,
      lastLadderDate: '2026-02-01',
      lastNoticeDate: '2026-02-01',
    };
    expect(nextNoticeType(old, ladder, 14, '2026-06-01')).toBe('G');
    expect(nextNoticeType({ ...base, lastNoticeDate: '2026-02-25' }, ladder, 14, '2026-03-01')).toBeNull();
  });
});
