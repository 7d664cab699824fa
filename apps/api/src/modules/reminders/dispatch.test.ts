import { reminderDateTime } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import type { Diary } from '../appointments/appointment-test-support.ts';
import { credit, setCredit } from '../messaging/test-support/fixture.ts';
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

let d: Diary;
let type: number;
let practitioner: number;
let clients: number[];
let day: number;
const BODY =
  'Hi {{preferredName}}, {{practiceName}}: {{date}} at {{time}} with {{practitioner}}. {{cancelInstruction}}';
beforeAll(async () => {
  ({ d, type, practitioner, clients } = await openReminderDiary());
  await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 10_000, segmentPriceCents: 30 });
  await d.call('PUT', `/api/reminder/settings/${d.zaCompany}`, d.za, {
    cancelInstruction: 'Reply to cancel: 021 555 0100.',
  });
  const sms = (await makeTemplate(d, { name: 'Dispatch SMS', channel: 'sms', body: BODY })).id;
  day = (
    await makeRule(d, { typeId: type, channel: 'sms', templateId: sms, offsetValue: 1, offsetUnit: 'days' })
  ).id;
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const book = async (start: string, clientId: number, end?: string) => {
  const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId,
    practitionerId: practitioner,
    typeId: type,
    start,
    ...(end ? { end } : {}),
    allowOverlap: true,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; start: string; practitionerName: string };
};
const ofAppointment = (id: number, rule = day) => sql`appointment_id = ${id} and rule_id = ${rule}`;
const rowOf = async (id: number, rule = day) => (await dispatchRows(d, ofAppointment(id, rule)))[0];
const system = <T extends z.ZodType>(schema: T, query: ReturnType<typeof sql>) =>
  withSystem(d.ctx.database.db, (tx) => selectRows(tx, schema, query));
const messageOf = async (id: number | null | undefined) =>
  (
    await system(
      z.object({
        channel: z.string(),
        recipient: z.string(),
        subject: z.string().nullable(),
        content: z.string(),
        costCents: z.number(),
        segments: z.number(),
        userId: z.number().nullable(),
      }),
      sql`select channel, recipient, subject, content, cost_cents as "costCents", segments, user_id as "userId" from messages where id = ${id ?? 0}`,
    )
  )[0];
const clientNameOf = async (id: number) =>
  (
    await system(
      z.object({ name: z.string() }),
      sql`select coalesce(nullif(preferred_name, ''), first_name, name) as name from clients where id = ${id}`,
    )
  )[0]?.name;
const balance = async () => (await credit(d.ctx.database.db, d.zaCompany)).balance;

describe('dispatching due reminders', () => {
  it('writes one message to the outbox and its debit to the ledger, once', async () => {
    const a = await book(at(3, '09:00'), clients[0] as number);
    await makeDue(d, ofAppointment(a.id));
    const before = await balance();
    await runDispatcher(d);
    const row = await rowOf(a.id);
    expect(row).toMatchObject({ status: 'sent', reason: null });
    const message = await messageOf(row?.messageId);
    const when = reminderDateTime(new Date(a.start), 'Africa/Johannesburg');
    expect(message).toMatchObject({
      channel: 'sms',
      userId: null,
      recipient: expect.stringMatching(/^\+27/),
    });
    expect(message?.content).toBe(
      `Hi ${await clientNameOf(clients[0] as number)}, ${message?.content.split(', ')[1]?.split(':')[0]}: ${when.date} at 09:00 with ${a.practitionerName}. Reply to cancel: 021 555 0100.`,
    );
    expect(message?.costCents).toBe((message?.segments ?? 0) * 30);
    expect(row?.costCents).toBe(message?.costCents);
    expect(await balance()).toBe(before - (message?.costCents ?? 0));
    const account = await credit(d.ctx.database.db, d.zaCompany);
    expect(account.balance).toBe(account.ledger);
    // A second run finds nothing due: no second message.
    expect(await runDispatcher(d)).toEqual({ settled: 0, messages: 0 });
  });

  it('sends one message for consecutive appointments of a client on one day', async () => {
    const c = clients[1] as number;
    const first = await book(at(3, '11:00'), c);
    const second = await book(at(3, '11:30'), c);
    const third = await book(at(3, '12:45'), c); // 45 minutes after the second: still consecutive
    const later = await book(at(3, '16:00'), c); // hours later: a message of its own
    const nextDay = await book(at(4, '11:00'), c);
    // Only the first is due: the consecutive ones go with it though their own time has not come.
    await makeDue(d, ofAppointment(first.id));
    await runDispatcher(d);
    const lead = await rowOf(first.id);
    expect(lead?.status).toBe('sent');
    expect(await rowOf(second.id)).toMatchObject({ status: 'merged', messageId: lead?.messageId });
    expect(await rowOf(third.id)).toMatchObject({ status: 'merged', messageId: lead?.messageId });
    expect((await rowOf(later.id))?.status).toBe('pending');
    expect((await rowOf(nextDay.id))?.status).toBe('pending');
    expect((await messageOf(lead?.messageId))?.content).toContain(' at 11:00 ');
  });

  it('never writes to a client who opted out (commStatus N)', async () => {
    const c = clients[2] as number;
    await withSystem(d.ctx.database.db, (tx) =>
      execute(tx, sql`update clients set comm_status = 'N' where id = ${c}`),
    );
    const a = await book(at(3, '13:00'), c);
    await makeDue(d, ofAppointment(a.id));
    await runDispatcher(d);
    expect(await rowOf(a.id)).toMatchObject({
      status: 'skipped',
      reason: 'The client opted out of messages.',
      messageId: null,
    });
    await withSystem(d.ctx.database.db, (tx) =>
      execute(tx, sql`update clients set comm_status = 'Y' where id = ${c}`),
    );
  });

  it('re-reads the appointment: nothing once cancelled, a no-show or arrived, nor when booked inside the offset', async () => {
    const made = [];
    for (const [i, time] of ['08:00', '08:30', '09:00', '09:30'].entries())
      made.push(await book(at(5, time), clients[3 + i] as number));
    const [cancelled, noshow, arrived, late] = made.map((a) => a.id) as [number, number, number, number];
    await makeDue(d, sql`appointment_id = any(${sql.param([cancelled, noshow, arrived, late])}::bigint[])`);
    // Changed behind the hook's back (as by a transaction that committed between the claim's read and now).
    await withSystem(d.ctx.database.db, async (tx) => {
      await execute(
        tx,
        sql`update appointments set status = 'cancelled', cancel_reason = 'client' where id = ${cancelled}`,
      );
      await execute(tx, sql`update appointments set status = 'noshow' where id = ${noshow}`);
      await execute(tx, sql`update appointments set status = 'arrived' where id = ${arrived}`);
      await execute(tx, sql`update appointments set created_at = now() where id = ${late}`);
    });
    await runDispatcher(d);
    const reasons = await Promise.all(
      [cancelled, noshow, arrived, late].map(async (id) => (await rowOf(id))?.reason),
    );
    expect(reasons).toEqual([
      'The appointment is cancelled.',
      'The appointment is a no-show.',
      'The appointment is arrived.',
      'Booked after the reminder was due.',
    ]);
    for (const id of [cancelled, noshow, arrived, late]) expect((await rowOf(id))?.messageId).toBeNull();
  });

  it('never overdraws the prepaid credit: what it does not cover fails, and can be retried', async () => {
    const first = await book(at(6, '08:00'), clients[7] as number);
    const second = await book(at(6, '10:00'), clients[8] as number);
    // At 1.00 a segment (a top-up is at least 1.00): enough for the first message and 0.10 more.
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 100, segmentPriceCents: 100 });
    const price = (await d.call('GET', `/api/reminder/appointment/${first.id}`, d.reception)).json()[0]
      .costCents;
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: price + 10, segmentPriceCents: 100 });
    await makeDue(d, ofAppointment(first.id));
    await withSystem(d.ctx.database.db, (tx) =>
      execute(
        tx,
        sql`update appointments set created_at = now() - interval '40 days' where id = ${second.id}`,
      ),
    );
    await withSystem(d.ctx.database.db, (tx) =>
      execute(tx, sql`update reminder_dispatches set due_at = now() where appointment_id = ${second.id}`),
    );
    await runDispatcher(d);
    expect((await rowOf(first.id))?.status).toBe('sent');
    const failed = await rowOf(second.id);
    expect(failed).toMatchObject({
      status: 'failed',
      reason: 'Not enough prepaid SMS credit.',
      messageId: null,
    });
    expect(await balance()).toBe(10);
    const account = await credit(d.ctx.database.db, d.zaCompany);
    expect(account.balance).toBe(account.ledger);

    const failedList = await d.call('GET', `/api/reminder/history/${d.zaCompany}?status=failed`, d.reception);
    expect(failedList.json().content.map((r: { id: number }) => r.id)).toContain(failed?.id);
    // A sent one cannot be retried; the failed one can, after a top-up.
    const sentId = (await rowOf(first.id))?.id;
    expect((await d.call('POST', `/api/reminder/dispatch/${sentId}/retry`, d.reception)).statusCode).toBe(
      409,
    );
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 10_000, segmentPriceCents: 30 });
    const retried = await d.call('POST', `/api/reminder/dispatch/${failed?.id}/retry`, d.reception);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempt: 2, estimated: true });
    expect((await d.call('POST', `/api/reminder/dispatch/${failed?.id}/retry`, d.reception)).statusCode).toBe(
      409,
    );
    await runDispatcher(d);
    expect(await rowOf(second.id)).toMatchObject({ status: 'sent' });
    const key = await system(
      z.object({ key: z.string() }),
      sql`select idempotency_key as key from messages where id = ${(await rowOf(second.id))?.messageId ?? 0}`,
    );
    expect(key[0]?.key).toBe(`reminder:${failed?.id}:2`);
  });

  it('e-mail reminders: subject and text rendered, nothing charged', async () => {
    const mail = (
      await makeTemplate(d, {
        name: 'Dispatch mail',
        channel: 'email',
        subject: 'Your visit on {{date}}',
        body: 'Dear {{preferredName}}, {{time}}.',
      })
    ).id;
    const rule = (
      await makeRule(d, {
        typeId: type,
        channel: 'email',
        templateId: mail,
        offsetValue: 3,
        offsetUnit: 'hours',
      })
    ).id;
    const a = await book(at(6, '14:00'), clients[9] as number);
    await makeDue(d, ofAppointment(a.id, rule));
    const before = await balance();
    await runDispatcher(d);
    const row = await rowOf(a.id, rule);
    const message = await messageOf(row?.messageId);
    const when = reminderDateTime(new Date(a.start), 'Africa/Johannesburg');
    expect(message).toMatchObject({
      channel: 'email',
      subject: `Your visit on ${when.date}`,
      content: `Dear ${await clientNameOf(clients[9] as number)}, 14:00.`,
      costCents: 0,
    });
    expect(await balance()).toBe(before);
    await d.call('PUT', `/api/reminder/rule/${rule}`, d.za, { active: 'N' });
  });

  it('a booking notice waits out the grace and then says the booking as it is now', async () => {
    const sms = (
      await makeTemplate(d, { name: 'Booked', channel: 'sms', body: 'Booked: {{date}} {{time}}.' })
    ).id;
    const rule = (await makeRule(d, { typeId: type, kind: 'booked', channel: 'sms', templateId: sms })).id;
    const a = await book(at(8, '10:00'), clients[10] as number);
    await d.call('PUT', `/api/appointment/${a.id}`, d.reception, { start: at(8, '15:00') });
    await runDispatcher(d);
    expect((await rowOf(a.id, rule))?.status).toBe('pending'); // still within the grace
    await makeDue(d, ofAppointment(a.id, rule));
    await runDispatcher(d);
    const row = await rowOf(a.id, rule);
    expect(row?.status).toBe('sent');
    expect((await messageOf(row?.messageId))?.content).toMatch(/ 15:00\.$/);
    await d.call('PUT', `/api/reminder/rule/${rule}`, d.za, { active: 'N' });
  });
});

describe('the Reminders page’s lists', () => {
  it('upcoming: the next 7 days soonest first with cost; forecast: cost per day against the balance', async () => {
    await setCredit(d.app, d.ctx.database.db, d.za, { balanceCents: 100, segmentPriceCents: 30 });
    for (const [i, days] of [2, 3, 4, 5].entries())
      await book(at(days, '07:00'), clients[(11 + i) % clients.length] as number);
    const upcoming = await d.call('GET', `/api/reminder/upcoming/${d.zaCompany}?size=100`, d.reception);
    expect(upcoming.statusCode).toBe(200);
    const rows = upcoming.json().content as {
      due: string;
      dueLocal: string;
      costCents: number;
      channel: string;
      status: string;
    }[];
    expect(rows.length).toBe(upcoming.json().totalElements);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows.map((r) => r.due)).toEqual([...rows.map((r) => r.due)].sort());
    expect(upcoming.json().timeZone).toBe('Africa/Johannesburg');

    const forecast = (await d.call('GET', `/api/reminder/forecast/${d.zaCompany}`, d.reception)).json();
    expect(forecast.days).toHaveLength(7);
    // Each day holds the SMS due that day (company zone); today also what is overdue.
    const today = forecast.days[0].date;
    for (const day of forecast.days as { date: string; costCents: number; sms: number }[]) {
      const own = rows.filter(
        (r) =>
          r.channel === 'sms' &&
          (day.date === today ? r.dueLocal.slice(0, 10) <= today : r.dueLocal.slice(0, 10) === day.date),
      );
      expect(day.sms, day.date).toBe(own.length);
      expect(day.costCents, day.date).toBe(own.reduce((n, r) => n + r.costCents, 0));
    }
    expect(forecast.days.filter((day: { sms: number }) => day.sms > 0).length).toBeGreaterThan(1);
    const total = forecast.days.reduce((n: number, day: { costCents: number }) => n + day.costCents, 0);
    expect(total).toBe(rows.filter((r) => r.channel === 'sms').reduce((n, r) => n + r.costCents, 0));
    expect(forecast).toMatchObject({ balanceCents: 100, totalCostCents: total, shortfallCents: total - 100 });
    const short = forecast.days.find((day: { covered: boolean }) => !day.covered);
    expect(forecast.firstShortDate).toBe(short.date);
    expect(short.cumulativeCents).toBeGreaterThan(100);
  });

  it('history: sent, failed and skipped, newest first', async () => {
    const get = async (status: string) =>
      (
        await d.call('GET', `/api/reminder/history/${d.zaCompany}?status=${status}&size=100`, d.reception)
      ).json().content as { status: string; settled: string }[];
    const sent = await get('sent');
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((r) => r.status === 'sent' || r.status === 'merged')).toBe(true);
    expect(sent.map((r) => r.settled)).toEqual([...sent.map((r) => r.settled)].sort().reverse());
    expect((await get('skipped')).every((r) => r.status === 'skipped')).toBe(true);
    expect((await get('skipped')).length).toBeGreaterThanOrEqual(4);
    const all = await get('all');
    expect(all.some((r) => r.status === 'superseded')).toBe(false);
  });
});
