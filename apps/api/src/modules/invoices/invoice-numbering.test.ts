import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, lastNumber, type Session } from './invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clients: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  clients = await call.clientIds(za);
});
afterAll(() => ctx.close());

const line = [{ description: 'Session', quantity: 1, unitPriceCents: 10_000 }];

describe('gapless invoice numbers', () => {
  it('20 concurrent creates take the next 20 numbers, none twice, none skipped', async () => {
    const base = await lastNumber(ctx, za.user.companyId); // the demo data's invoices come first
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call.createInvoice(za, {
          clientId: clients[i % clients.length],
          invoiced: '2026-03-01',
          lines: line,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => base + i + 1));
    expect(await lastNumber(ctx, za.user.companyId)).toBe(base + 20);
  });

  it('a failed create gives its number back; each company counts on its own', async () => {
    const base = await lastNumber(ctx, za.user.companyId);
    const ukBase = await lastNumber(ctx, uk.user.companyId);
    const bad = await call.createInvoice(za, { clientId: 999_999_999, invoiced: '2026-03-01', lines: line });
    expect(bad.statusCode).toBe(404);
    const next = await call.createInvoice(za, { clientId: clients[0], invoiced: '2026-03-01', lines: line });
    expect(next.json().number).toBe(base + 1);
    const ukClients = await call.clientIds(uk);
    const ukFirst = await call.createInvoice(uk, {
      clientId: ukClients[0],
      invoiced: '2026-03-01',
      lines: line,
    });
    expect(ukFirst.json().number).toBe(ukBase + 1);
  });
});
