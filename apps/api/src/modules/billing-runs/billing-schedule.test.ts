import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { system } from '../unpaid/unpaid-test-support.ts';
import { BillingSchedule } from './billing-schedule.ts';

let ctx: TestContext;
let schedule: BillingSchedule;

beforeAll(async () => {
  ctx = await createTestContext();
  schedule = new BillingSchedule(ctx.database.db, undefined, {
    tickMs: 3_600_000,
    pollingIntervalSeconds: 1,
  });
  await schedule.start();
}, 180_000);
afterAll(async () => {
  await schedule.stop();
  await ctx.close();
});

const doneRuns = () =>
  system<{ companyId: number; period: string; startedBy: number | null }>(
    ctx,
    sql`select company_id as "companyId", to_char(period_start, 'YYYY-MM') as period, started_by as "startedBy"
          from billing_runs where status = 'done' order by id`,
  );

async function until<T>(check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('monthly billing schedule', () => {
  it('runs each company once a month from its billing day, through pg-boss', async () => {
    // The start-up check ran already: the demo companies' billing day is the 1st, so this month is due.
    const runs = await until(async () => {
      const rows = await doneRuns();
      return rows.length >= 2 ? rows : undefined;
    });
    const companies = new Set(runs.map((r) => r.companyId));
    expect(companies.size).toBe(2);
    expect(runs.every((r) => r.startedBy === null)).toBe(true);
    // Billed months are not sent again.
    expect(await schedule.tick()).toEqual([]);
    // A billing day later in the month than today: not yet due.
    await system(ctx, sql`update billing_settings set billing_day = 28`);
    const early = new Date(Date.UTC(2031, 4, 10, 12));
    expect(await schedule.tick(early)).toEqual([]);
    const late = new Date(Date.UTC(2031, 4, 28, 12));
    const sent = await schedule.tick(late);
    expect(sent.map((j) => j.period)).toEqual(['2031-05', '2031-05']);
    const after = await until(async () => {
      const rows = (await doneRuns()).filter((r) => r.period === '2031-05');
      return rows.length === 2 ? rows : undefined;
    });
    expect(after).toHaveLength(2);
  }, 180_000);
});
