import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { TEST_ENGINE } from '../../test/harness.ts';
import type { Diary } from '../appointments/appointment-test-support.ts';
import { credit, setCredit } from '../messaging/test-support/fixture.ts';
import { dispatchDue } from './dispatcher.ts';
import {
  at,
  dispatchRows,
  makeDue,
  makeRule,
  makeTemplate,
  openReminderDiary,
  SET_UP_TIMEOUT,
} from './reminder-test-support.ts';

/**
 * Two dispatchers side by side, with bookings being cancelled meanwhile: each reminder is written once, the
 * ledger matches the balance, and nothing deadlocks. The proof is the PostgreSQL run
 * (PD_TEST_ENGINE=postgres): the embedded engine serialises transactions.
 */
let d: Diary;
const ids: number[] = [];
let rule: number;
beforeAll(async () => {
  const r = await openReminderDiary();
  d = r.d;
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 1_000_000, segmentPriceCents: 30 });
  const sms = (await makeTemplate(d, { name: 'Race', channel: 'sms', body: 'See you {{date}} at {{time}}.' }))
    .id;
  rule = (
    await makeRule(d, { typeId: r.type, channel: 'sms', templateId: sms, offsetValue: 1, offsetUnit: 'days' })
  ).id;
  // One appointment per client per day (no two go out together), all at 10:00.
  for (let i = 0; i < 60; i++) {
    const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
      clientId: r.clients[i % r.clients.length],
      practitionerId: r.practitioner,
      typeId: r.type,
      start: at(3 + Math.floor(i / r.clients.length), '10:00'),
      allowOverlap: true,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(res.json().id);
  }
  await makeDue(d, sql`rule_id = ${rule}`);
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

describe(`two dispatchers at once (${TEST_ENGINE})`, () => {
  it('write each reminder once, never more than the credit, while bookings are cancelled', async () => {
    const enqueued: number[] = [];
    const run = () => dispatchDue(d.ctx.database.db, { batchSize: 4 }, async (m) => void enqueued.push(...m));
    const cancels = ids.slice(0, 8).map((id) =>
      d.call('POST', `/api/appointment/${id}/status`, d.reception, {
        status: 'cancelled',
        cancelReason: 'client',
      }),
    );
    const [a, b, ...answers] = await Promise.all([run(), run(), ...cancels]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    // Rows a cancellation held were left for the next round: a third run settles them.
    const c = await run();
    // Both took rows (on PostgreSQL they ran at the same time; the embedded engine takes turns).
    expect(a.settled).toBeGreaterThan(0);
    expect(b.settled).toBeGreaterThan(0);
    const rows = await dispatchRows(d, sql`rule_id = ${rule}`);
    expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.length + rows.filter((r) => r.status !== 'sent').length).toBe(60);
    expect(sent.length).toBeGreaterThanOrEqual(52);
    expect(a.messages + b.messages + c.messages).toBe(sent.length);
    expect(new Set(enqueued).size).toBe(sent.length);
    expect(enqueued).toHaveLength(sent.length);
    // One message per dispatch, found by the outbox's own key.
    const messages = await withSystem(d.ctx.database.db, (tx) =>
      selectRows(
        tx,
        z.object({ key: z.string(), n: z.number() }),
        sql`select idempotency_key as key, count(*)::int as n from messages
             where company_id = ${d.zaCompany} and idempotency_key like 'reminder:%' group by 1`,
      ),
    );
    expect(messages).toHaveLength(sent.length);
    expect(messages.every((m) => m.n === 1)).toBe(true);
    expect(new Set(sent.map((r) => r.messageId)).size).toBe(sent.length);
    // A cancelled one is either sent before the cancellation or not at all: never both, never lost.
    for (const id of ids.slice(0, 8)) {
      const [row] = rows.filter((r) => r.appointmentId === id);
      expect(['sent', 'superseded', 'skipped']).toContain(row?.status);
    }
    const account = await credit(d.ctx.database.db, d.zaCompany);
    expect(account.balance).toBe(account.ledger);
    expect(account.balance).toBe(1_000_000 - sent.reduce((n, r) => n + r.costCents, 0));
  }, 120_000);
});
