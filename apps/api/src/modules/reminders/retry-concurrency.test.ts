import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { TEST_ENGINE } from '../../test/harness.ts';
import type { Diary } from '../appointments/appointment-test-support.ts';
import { setCredit } from '../messaging/test-support/fixture.ts';
import {
  at,
  dispatchRows,
  makeDue,
  makeRule,
  makeTemplate,
  openReminderDiary,
  runDispatcher,
  SET_UP_TIMEOUT,
} from './reminder-test-support.ts';

/**
 * The Reminders page's Retry pressed twice at once (two tabs, a double click): the database lets one
 * through and refuses the other, and the dispatcher then writes one message. The proof is the PostgreSQL
 * run (PD_TEST_ENGINE=postgres): the embedded engine serialises transactions.
 */
let d: Diary;
let rule: number;
let appointment: number;
beforeAll(async () => {
  const r = await openReminderDiary('Retry race visit');
  d = r.d;
  const sms = (await makeTemplate(d, { name: 'Retry race', channel: 'sms', body: 'See you {{date}}.' })).id;
  rule = (
    await makeRule(d, { typeId: r.type, channel: 'sms', templateId: sms, offsetValue: 1, offsetUnit: 'days' })
  ).id;
  const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId: r.clients[0],
    practitionerId: r.practitioner,
    typeId: r.type,
    start: at(4, '09:00'),
    allowOverlap: true,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  appointment = res.json().id;
  // No credit: the reminder fails, as the page shows it.
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 0, segmentPriceCents: 30 });
  await makeDue(d, sql`appointment_id = ${appointment} and rule_id = ${rule}`);
  await runDispatcher(d);
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const ofIt = () => sql`appointment_id = ${appointment} and rule_id = ${rule}`;

describe(`retrying a failed reminder (${TEST_ENGINE})`, () => {
  it('another company’s dispatch is 404 and stays as it was; a bad id is 400 in the error shape', async () => {
    const [row] = await dispatchRows(d, ofIt());
    const foreign = await d.call('POST', `/api/reminder/dispatch/${row?.id}/retry`, d.uk);
    expect(foreign.statusCode).toBe(404);
    expect((await dispatchRows(d, ofIt()))[0]?.status).toBe('failed');
    expect((await d.call('GET', `/api/reminder/forecast/${d.zaCompany}`, d.uk)).statusCode).toBe(404);
    const bad = await d.call('POST', '/api/reminder/dispatch/abc/retry', d.reception);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), fields: [{ path: expect.any(String) }] });
  });
  it('two retries at once: one is queued, the other is 409, and one message goes out', async () => {
    const [failed] = await dispatchRows(d, ofIt());
    expect(failed).toMatchObject({ status: 'failed', reason: 'Not enough prepaid SMS credit.' });
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 10_000, segmentPriceCents: 30 });
    const url = `/api/reminder/dispatch/${failed?.id}/retry`;
    const answers = await Promise.all([
      d.call('POST', url, d.reception),
      d.call('POST', url, d.za),
      d.call('POST', url, d.reception),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)?.json();
    expect(refused).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    await runDispatcher(d);
    await runDispatcher(d);
    const rows = await dispatchRows(d, ofIt());
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    const messages = await withSystem(d.ctx.database.db, (tx) =>
      selectRows(
        tx,
        z.object({ key: z.string() }),
        sql`select idempotency_key as key from messages where idempotency_key like ${`reminder:${failed?.id}:%`}`,
      ),
    );
    expect(messages.map((m) => m.key)).toEqual([`reminder:${failed?.id}:2`]);
  });
});
