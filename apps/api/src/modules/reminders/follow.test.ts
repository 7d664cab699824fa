import { wallClockStringOf } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { execute } from '../../lib/sql.ts';
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

/** Issue 16 part 3: every booking, move, status change and series change recomputes its dispatches. */
let d: Diary;
let type: number;
let practitioner: number;
let colleague: number;
let clients: number[];
const rules: Record<string, number> = {};
beforeAll(async () => {
  ({ d, type, practitioner, colleague, clients } = await openReminderDiary());
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 10_000 });
  const sms = (
    await makeTemplate(d, {
      name: 'Follow SMS',
      channel: 'sms',
      body: 'Hi {{preferredName}}: {{date}} {{time}}.',
    })
  ).id;
  const mail = (
    await makeTemplate(d, { name: 'Follow mail', channel: 'email', subject: 'Visit', body: '{{date}}' })
  ).id;
  const rule = async (name: string, body: object) => {
    rules[name] = (await makeRule(d, { typeId: type, ...body })).id;
  };
  await rule('day', { channel: 'sms', templateId: sms, offsetValue: 1, offsetUnit: 'days' });
  await rule('hours', { channel: 'email', templateId: mail, offsetValue: 2, offsetUnit: 'hours' });
  await rule('booked', { kind: 'booked', channel: 'sms', templateId: sms });
  await rule('changed', { kind: 'changed', channel: 'sms', templateId: sms });
  await rule('cancelled', { kind: 'cancelled', channel: 'sms', templateId: sms });
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const book = async (start: string, clientId = clients[0]) => {
  const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId,
    practitionerId: practitioner,
    typeId: type,
    start,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; start: string };
};
const move = (id: number, body: object) => d.call('PUT', `/api/appointment/${id}`, d.reception, body);
const cancel = (id: number) =>
  d.call('POST', `/api/appointment/${id}/status`, d.reception, {
    status: 'cancelled',
    cancelReason: 'client',
  });
const rowsOf = (id: number) => dispatchRows(d, sql`appointment_id = ${id}`);
const pending = async (id: number) =>
  (await rowsOf(id))
    .filter((r) => r.status === 'pending')
    .map((r) => `${r.kind}:${r.ruleId === rules.hours ? 'email' : 'sms'} v${r.version}`);
const ruleName = (ruleId: number) => Object.entries(rules).find(([, id]) => id === ruleId)?.[0];
/** As if booked long ago and its booking notice had gone out. */
const settleBookingNotice = (id: number) =>
  withSystem(d.ctx.database.db, async (tx) => {
    await execute(tx, sql`update appointments set created_at = now() - interval '30 days' where id = ${id}`);
    await execute(
      tx,
      sql`update reminder_dispatches set status = 'skipped', settled_at = now() where appointment_id = ${id} and kind = 'booked'`,
    );
  });

describe('the booking hook', () => {
  it('a booking gets its reminders at their offsets and a booking notice after the grace', async () => {
    const a = await book(at(5, '10:00'));
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => `${ruleName(r.ruleId)} ${r.status} v${r.version}`).sort()).toEqual([
      'booked pending v1',
      'day pending v1',
      'hours pending v1',
    ]);
    const start = Date.parse(a.start);
    const due = (name: string) => Date.parse(`${rows.find((r) => r.ruleId === rules[name])?.dueAt}Z`);
    expect(start - due('day')).toBe(86_400_000);
    expect(start - due('hours')).toBe(7_200_000);
    expect(due('booked') - Date.now()).toBeGreaterThan(2 * 60_000);
    expect(due('booked') - Date.now()).toBeLessThanOrEqual(3 * 60_000 + 1000);
    const listed = await d.call('GET', `/api/reminder/appointment/${a.id}`, d.reception);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(3);
    expect(
      listed
        .json()
        .find((r: { channel: string; kind: string }) => r.kind === 'before' && r.channel === 'sms'),
    ).toMatchObject({
      status: 'pending',
      estimated: true,
      segments: 1,
      costCents: 30,
      appointmentStartLocal: at(5, '10:00'),
    });
  });

  it('a move supersedes and reschedules; the waiting booking notice covers it (no change notice)', async () => {
    const a = await book(at(6, '10:00'));
    expect((await move(a.id, { start: at(7, '11:00') })).statusCode).toBe(200);
    const rows = await rowsOf(a.id);
    expect(
      rows
        .filter((r) => r.status === 'superseded')
        .map((r) => ruleName(r.ruleId))
        .sort(),
    ).toEqual(['day', 'hours']);
    expect((await pending(a.id)).sort()).toEqual(['before:email v2', 'before:sms v2', 'booked:sms v1']);
    // New notes change nothing the client is told: no new version.
    await move(a.id, { notes: 'Bring the X-rays' });
    expect((await rowsOf(a.id)).length).toBe(rows.length);
  });

  it('moved and moved back within the grace: a change notice that sends nothing', async () => {
    const a = await book(at(8, '10:00'));
    await settleBookingNotice(a.id);
    await move(a.id, { start: at(8, '12:00') });
    await move(a.id, { practitionerId: colleague });
    await move(a.id, { start: at(8, '10:00'), practitionerId: practitioner });
    const notices = (await rowsOf(a.id)).filter((r) => r.kind === 'changed');
    expect(notices.map((r) => `${r.status} v${r.version}`)).toEqual(['pending v2']);
    expect((await pending(a.id)).filter((p) => p.startsWith('before')).sort()).toEqual([
      'before:email v4',
      'before:sms v4',
    ]);
    await makeDue(d, sql`appointment_id = ${a.id} and kind = 'changed'`);
    await runDispatcher(d);
    expect((await rowsOf(a.id)).find((r) => r.kind === 'changed')).toMatchObject({
      status: 'skipped',
      reason: 'Moved back within the grace period: nothing changed for the client.',
      messageId: null,
    });
  });

  it('a cancellation drops the reminders and sends a cancellation notice, unless booked within the grace', async () => {
    const old = await book(at(9, '10:00'));
    await settleBookingNotice(old.id);
    await cancel(old.id);
    expect(await pending(old.id)).toEqual(['cancelled:sms v2']);
    const fresh = await book(at(9, '12:00'));
    await cancel(fresh.id);
    expect(await pending(fresh.id)).toEqual([]);
    expect((await rowsOf(fresh.id)).every((r) => r.status === 'superseded')).toBe(true);
    // Booked again before the cancellation notice went: it is dropped and nothing new is sent.
    await d.call('POST', `/api/appointment/${old.id}/status`, d.reception, { status: 'booked' });
    expect((await pending(old.id)).sort()).toEqual(['before:email v3', 'before:sms v3']);
  });

  it('nothing for a reminder whose time has passed at booking (booked inside the offset)', async () => {
    const soon = wallClockStringOf(Date.now() + 3 * 3_600_000, 'Africa/Johannesburg');
    const a = await book(soon, clients[1]);
    expect((await pending(a.id)).sort()).toEqual(['before:email v1', 'booked:sms v1']);
  });

  it('a series gets reminders per occurrence; a series change moves them all', async () => {
    const res = await d.call('POST', `/api/appointment/series/${d.zaCompany}`, d.reception, {
      clientId: clients[2],
      practitionerId: practitioner,
      typeId: type,
      start: at(14, '15:00'),
      frequency: 'weekly',
      count: 3,
    });
    expect(res.statusCode).toBe(201);
    const ids: number[] = res.json().appointments.map((a: { id: number }) => a.id);
    for (const id of ids) expect(await pending(id)).toHaveLength(3);
    const first = ids[0] as number;
    const changed = await d.call('PUT', `/api/appointment/${first}/series`, d.reception, {
      scope: 'all',
      start: at(14, '16:00'),
    });
    expect(changed.statusCode).toBe(200);
    for (const id of ids) {
      const rows = await rowsOf(id);
      expect(rows.filter((r) => r.kind === 'before' && r.status === 'pending').map((r) => r.version)).toEqual(
        [2, 2],
      );
      expect(rows.filter((r) => r.kind === 'before' && r.status === 'superseded')).toHaveLength(2);
    }
    const cancelAll = await d.call('POST', `/api/appointment/${first}/series/status`, d.reception, {
      scope: 'all',
      status: 'cancelled',
      cancelReason: 'practice',
    });
    expect(cancelAll.statusCode).toBe(200);
    for (const id of ids) expect((await pending(id)).filter((p) => p.startsWith('before'))).toEqual([]);
  });

  it('the database holds one live dispatch per appointment, rule and version', async () => {
    const a = await book(at(20, '10:00'));
    const duplicate = withSystem(d.ctx.database.db, (tx) =>
      execute(
        tx,
        sql`insert into reminder_dispatches (company_id, appointment_id, rule_id, version, client_id, kind, channel, starts_at, due_at)
            select company_id, appointment_id, rule_id, version, client_id, kind, channel, starts_at, due_at
              from reminder_dispatches where appointment_id = ${a.id} and rule_id = ${rules.day}`,
      ),
    );
    const error = await duplicate.catch((e: unknown) => e);
    expect(violatedConstraint(error, UNIQUE_VIOLATION)).toBe('reminder_dispatches_once_key');
  });
});
