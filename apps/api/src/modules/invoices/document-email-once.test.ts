import { IDEMPOTENCY_HEADER } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { newClient, pastInvoice, system } from '../unpaid/unpaid-test-support.ts';
import type { Session } from './invoice-test-support.ts';

// Issue 12 point 1, the send paths: a double click (or a retry) on "e-mail invoice" or "e-mail statement"
// with one Idempotency-Key queues one e-mail, even when the requests race (PostgreSQL).
let ctx: TestContext;
let za: Session;
let clientId: number;
let invoiceId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.admin');
  clientId = await newClient(ctx, za);
  invoiceId = (await pastInvoice(ctx, za, clientId, 12_000)).id;
}, 120_000);
afterAll(() => ctx.close());

const emails = async () =>
  (
    await system<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from messages where client_id = ${clientId} and channel = 'email'`,
    )
  )[0]?.n ?? 0;
const post = (url: string, key: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...za.bearer, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    payload,
  });

describe('document e-mails under one Idempotency-Key', () => {
  const cases = [
    ['invoice', () => `/api/invoice1/email/${invoiceId}`, {}],
    [
      'statement',
      () => `/api/statement/${clientId}/email`,
      { type: 'C', startDate: '2026-01-01', endDate: '2026-12-31' },
    ],
  ] as const;

  for (const [what, url, payload] of cases) {
    it(`five concurrent ${what} e-mails with one key queue one message and answer its id`, async () => {
      const before = await emails();
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => post(url(), `${what}-double-click`, payload)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
      expect(new Set(answers.map((a) => a.json().messageId)).size).toBe(1);
      expect(await emails()).toBe(before + 1);
      // Without a key each request is a new e-mail, as before.
      expect((await post(url(), undefined, payload)).statusCode).toBe(202);
      expect(await emails()).toBe(before + 2);
    }, 60_000);
  }
});
