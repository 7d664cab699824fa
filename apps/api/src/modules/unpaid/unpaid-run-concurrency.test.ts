import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, type Session } from '../invoices/invoice-test-support.ts';
import { newClient, pastInvoice, system } from './unpaid-test-support.ts';

// Issue 12 point 1: runs started at the same moment (a double click, two administrators) give each overdue
// client one notice and one e-mail. Meaningful on PostgreSQL; the embedded engine runs them one at a time.
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let debtors: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  debtors = [];
  for (let i = 0; i < 10; i++) {
    const clientId = await newClient(ctx, za);
    await pastInvoice(ctx, za, clientId, 10_000 + i, '2026-02-05');
    debtors.push(clientId);
  }
}, 180_000);
afterAll(() => ctx.close());

const perClient = (table: 'unpaid_notices' | 'messages') =>
  system<{ client_id: number; n: number }>(
    ctx,
    sql`select client_id::int, count(*)::int as n from ${sql.identifier(table)}
         where client_id = any(${sql.param(debtors)}::bigint[]) group by client_id order by client_id`,
  );

describe('concurrent unpaid runs', () => {
  it('five runs at once: each overdue client gets exactly one notice and one e-mail', async () => {
    const url = `/api/unpaidrun/${za.user.companyId}`;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call.call('POST', url, za)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((a) => a.json().status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    const everyOnce = debtors.map((id) => ({ client_id: id, n: 1 }));
    expect(await perClient('unpaid_notices')).toEqual(everyOnce);
    expect(await perClient('messages')).toEqual(everyOnce);
    const running = await system(ctx, sql`select id from unpaid_runs where status = 'running'`);
    expect(running).toEqual([]);
  }, 120_000);

  it('the database holds one running run per company and one notice per client, ladder step and ladder', async () => {
    const co = za.user.companyId;
    const twoRunning = system(
      ctx,
      sql`insert into unpaid_runs (company_id, status) values (${co}, 'running'), (${co}, 'running') returning id`,
    );
    await expect(twoRunning).rejects.toThrow();
    const again = system(
      ctx,
      sql`insert into unpaid_notices (company_id, client_id, unpaid_type, amount_outstanding_cents, ladder_due)
          select company_id, client_id, unpaid_type, amount_outstanding_cents, ladder_due from unpaid_notices
           where client_id = ${debtors[0] ?? 0} returning id`,
    );
    await expect(again).rejects.toThrow();
    // A notice made by hand (no ladder) is not limited.
    const byHand = await system(
      ctx,
      sql`insert into unpaid_notices (company_id, client_id, unpaid_type, amount_outstanding_cents)
          select company_id, client_id, unpaid_type, amount_outstanding_cents from unpaid_notices
           where client_id = ${debtors[0] ?? 0} returning id`,
    );
    expect(byHand).toHaveLength(1);
  });
});
