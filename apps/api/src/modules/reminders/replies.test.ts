import type { Appointment, SmsReply, SmsReplyPage } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { execute } from '../../lib/sql.ts';
import { clientIdsOf, countRows, type Diary } from '../appointments/appointment-test-support.ts';
import { at, openReminderDiary, type ReminderDiary, SET_UP_TIMEOUT } from './reminder-test-support.ts';
import {
  bookReminded,
  openReplyProvider,
  poll,
  type ReplyProvider,
  replyRules,
  sentRef,
  setMobile,
  storedReplies,
} from './reply-test-support.ts';

/** Issue 16, part 4: SMS replies read from the (fake) provider confirm, cancel or wait for a person. */

let r: ReminderDiary;
let d: Diary;
let p: ReplyProvider;
let ukClient: number;
const MOBILES = ['+27825550101', '+27825550102', '+27825550103', '+27825550104', '+27825550105'];

beforeAll(async () => {
  r = await openReminderDiary('Reply visit');
  d = r.d;
  p = await openReplyProvider();
  await replyRules(r);
  for (const [i, mobile] of MOBILES.entries()) await setMobile(d, r.clients[i] as number, mobile);
  ukClient = (await clientIdsOf(d, d.ukCompany))[0] as number;
  await setMobile(d, ukClient, '+447700900555');
}, SET_UP_TIMEOUT);
afterAll(async () => {
  await p.close();
  await d.ctx.close();
});

const client = (i: number) => r.clients[i] as number;
const appointment = async (id: number) =>
  (await d.call('GET', `/api/appointment/${id}`, d.reception)).json() as Appointment;
const inbox = async (who = d.reception, query = '') => {
  const res = await d.call('GET', `/api/reminder/replies/${who.user.companyId}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SmsReplyPage;
};
const replyTo = async (id: string, who = d.reception) =>
  (await inbox(who, '?filter=all&size=100')).content.find((x) => x.body === id);
/** A reply with a unique text marker (so each test finds its own row). */
let n = 0;
const unique = (text: string) => `${text}${' '.repeat(++n)}`;

describe('a reply to a reminder', () => {
  it('Y (any case, spaces, punctuation) confirms the appointment, and the diary shows it', async () => {
    const id = await bookReminded(r, client(0), at(2, '09:00'));
    expect((await appointment(id)).confirmed).toBeNull();
    p.stub.receive(MOBILES[0] as string, '  yes! ');
    expect(await poll(d, p)).toBe(1);
    const a = await appointment(id);
    expect(a.status).toBe('booked');
    expect(a.confirmed).not.toBeNull();
    const row = (await inbox(d.reception, '?filter=all')).content.find((x) => x.appointmentId === id);
    expect(row).toMatchObject({
      outcome: 'confirmed',
      reason: null,
      clientId: client(0),
      sender: MOBILES[0],
    });
    // Moving the appointment clears the confirmation: the client confirmed the old time.
    await d.call('PUT', `/api/appointment/${id}`, d.reception, { start: at(2, '11:00') });
    expect((await appointment(id)).confirmed).toBeNull();
  });

  it('C cancels it with reason client, through the appointment service (audit, reminders follow)', async () => {
    const id = await bookReminded(r, client(1), at(3, '09:00'));
    const later = await bookReminded(r, client(1), at(3, '15:00'));
    // The later one's reminder went out last: a C answers that one, never an older reminder's appointment.
    p.stub.receive(MOBILES[1] as string, 'C');
    await poll(d, p);
    expect(await appointment(later)).toMatchObject({ status: 'cancelled', cancelReason: 'client' });
    expect((await appointment(id)).status).toBe('booked');
    expect(
      await countRows(d, 'audit_entries', sql`action = 'appointment.status' and client_id = ${client(1)}`),
    ).toBe(1);
    expect(
      await countRows(
        d,
        'audit_entries',
        sql`action = 'appointment.cancel-by-reply' and client_id = ${client(1)}`,
      ),
    ).toBe(1);
    // A second C does not reach back to the earlier appointment: it waits for a person.
    p.stub.receive(MOBILES[1] as string, 'Cancel.');
    await poll(d, p);
    expect((await appointment(id)).status).toBe('booked');
    const rows = (await inbox()).content.filter((x) => x.clientId === client(1));
    expect(rows).toEqual([
      expect.objectContaining({ outcome: 'inbox', reason: 'no-appointment', body: 'Cancel.' }),
    ]);
  });

  it('anything else waits in the inbox, matched to the client but changing nothing', async () => {
    const id = await bookReminded(r, client(2), at(4, '09:00'));
    const text = unique('Can I come at 10 instead?');
    p.stub.receive(MOBILES[2] as string, text);
    await poll(d, p);
    expect(await replyTo(text)).toMatchObject({
      outcome: 'inbox',
      reason: 'not-understood',
      clientId: client(2),
    });
    expect(await appointment(id)).toMatchObject({ status: 'booked', confirmed: null });
  });

  it('a reply never cancels an appointment already cancelled, or one that has started', async () => {
    const id = await bookReminded(r, client(3), at(5, '09:00'));
    const res = await d.call('POST', `/api/appointment/${id}/status`, d.reception, {
      status: 'cancelled',
      cancelReason: 'practice',
    });
    expect(res.statusCode, res.body).toBe(200);
    p.stub.receive(MOBILES[3] as string, unique('c'));
    await poll(d, p);
    expect(await appointment(id)).toMatchObject({ status: 'cancelled', cancelReason: 'practice' });

    const started = await bookReminded(r, client(4), at(6, '09:00'));
    await withSystem(d.ctx.database.db, (tx) =>
      execute(
        tx,
        sql`update appointments set span = tstzrange(now() - interval '10 minutes', now() + interval '20 minutes')
             where id = ${started}`,
      ),
    );
    p.stub.receive(MOBILES[4] as string, 'C');
    await poll(d, p);
    expect((await appointment(started)).status).toBe('booked');
    const rows = (await inbox()).content.filter((x) => x.clientId === client(3) || x.clientId === client(4));
    expect(rows.map((x) => x.reason)).toEqual(['no-appointment', 'no-appointment']);
  });
});

describe('whose reply it is', () => {
  it('an unknown number answering our SMS is kept in that company’s inbox, matched to no one', async () => {
    const id = await bookReminded(r, client(0), at(7, '09:00'));
    const ref = await sentRef(d, id);
    const text = unique('who is this? y');
    p.stub.receive('27825559999', text, ref);
    await poll(d, p);
    expect(await replyTo(text)).toMatchObject({
      outcome: 'inbox',
      reason: 'unknown-number',
      clientId: null,
      appointmentId: null,
      sender: '+27825559999',
    });
    expect(await replyTo(text, d.uk)).toBeUndefined();
  });

  it('a number no company texted and no client has is kept for the operator, visible to no company', async () => {
    const text = unique('Y');
    const providerId = p.stub.receive('+27825558888', text);
    await poll(d, p);
    expect((await storedReplies(d)).find((x) => x.providerMessageId === providerId)).toMatchObject({
      companyId: null,
      outcome: 'inbox',
      reason: 'unknown-number',
    });
    expect(await replyTo(text)).toBeUndefined();
    expect(await replyTo(text, d.uk)).toBeUndefined();
  });

  it('a number two clients share (in one company or two) waits for a person', async () => {
    const shared = '+27825557777';
    await setMobile(d, client(5), shared);
    await setMobile(d, client(6), shared);
    const id = await bookReminded(r, client(5), at(8, '09:00'));
    p.stub.receive(shared, 'C');
    await poll(d, p);
    expect((await appointment(id)).status).toBe('booked');

    // The same number for a client of each company: the company whose SMS it answers keeps it, unmatched.
    await setMobile(d, client(6), '+27825557776');
    await setMobile(d, ukClient, shared);
    const ref = await sentRef(d, id);
    const text = unique('yes');
    p.stub.receive(shared, text, ref);
    await poll(d, p);
    expect(await appointment(id)).toMatchObject({ status: 'booked', confirmed: null });
    expect(await replyTo(text)).toMatchObject({ reason: 'ambiguous-number', clientId: null });
    expect(await replyTo(text, d.uk)).toBeUndefined();
    const rows = (await inbox()).content.filter((x) => x.sender === shared);
    expect(rows.map((x) => x.reason)).toEqual(['ambiguous-number', 'ambiguous-number']);
    await setMobile(d, ukClient, '+447700900555');
  });

  it('another company’s client is that company’s reply: ours see nothing and nothing of ours changes', async () => {
    const ours = await bookReminded(r, client(0), at(9, '09:00'));
    const text = unique('C');
    p.stub.receive('+447700900555', text);
    await poll(d, p);
    expect(await replyTo(text)).toBeUndefined();
    expect(await replyTo(text, d.uk)).toMatchObject({ clientId: ukClient, reason: 'no-appointment' });
    expect((await appointment(ours)).status).toBe('booked');
  });
});

describe('polling', () => {
  it('stores each received message once, however often it is read', async () => {
    const id = await bookReminded(r, client(2), at(10, '09:00'));
    p.stub.receive(MOBILES[2] as string, 'C');
    expect(await poll(d, p)).toBe(1);
    expect(await poll(d, p)).toBe(0);
    // The cursor asks for what came after the last one read.
    expect(p.stub.inboxReads.at(-1)).toMatch(/^type=RECEIVED&id>\d{19}$/);
    // Without the cursor every message is read again: none is stored or acted on twice.
    const stored = (await storedReplies(d)).length;
    await withSystem(d.ctx.database.db, (tx) => execute(tx, sql`delete from sms_inbound_cursors`));
    expect(await poll(d, p)).toBe(0);
    expect((await storedReplies(d)).length).toBe(stored);
    expect(new Set((await storedReplies(d)).map((x) => x.providerMessageId)).size).toBe(stored);
    expect(await appointment(id)).toMatchObject({ status: 'cancelled', cancelReason: 'client' });
    expect(
      await countRows(
        d,
        'audit_entries',
        sql`action = 'appointment.cancel-by-reply' and client_id = ${client(2)}`,
      ),
    ).toBe(1);
  });

  it('polls side by side store and act once (the unique key; PostgreSQL runs them truly at once)', async () => {
    const id = await bookReminded(r, client(3), at(11, '09:00'));
    p.stub.receive(MOBILES[3] as string, 'C');
    for (let i = 0; i < 5; i++) p.stub.receive('+27825556666', unique('noise'));
    const before = (await storedReplies(d)).length;
    await withSystem(d.ctx.database.db, (tx) => execute(tx, sql`delete from sms_inbound_cursors`));
    const taken = await Promise.all([poll(d, p), poll(d, p), poll(d, p), poll(d, p)]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(6);
    const after = await storedReplies(d);
    expect(after.length).toBe(before + 6);
    expect(new Set(after.map((x) => x.providerMessageId)).size).toBe(after.length);
    expect(await appointment(id)).toMatchObject({ status: 'cancelled', cancelReason: 'client' });
    expect(
      await countRows(
        d,
        'audit_entries',
        sql`action = 'appointment.cancel-by-reply' and client_id = ${client(3)}`,
      ),
    ).toBe(1);
  });
});

describe('the inbox routes', () => {
  it('lists unhandled first with paging; marking handled names who; a self-acting reply needs no one', async () => {
    const first = await inbox(d.reception, '?size=2');
    expect(first.content).toHaveLength(2);
    expect(first.totalElements).toBeGreaterThan(2);
    expect(first.unhandled).toBe(first.totalElements);
    const target = first.content[0] as SmsReply;
    const res = await d.call('POST', `/api/reminder/reply/${target.id}/handled`, d.reception);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.id,
      handledBy: expect.any(String),
      handled: expect.any(String),
    });
    const after = await inbox(d.reception, '?size=100');
    expect(after.unhandled).toBe(first.unhandled - 1);
    expect(after.content.at(-1)?.id).toBe(target.id);
    // Again: the first person and time stay.
    const again = await d.call('POST', `/api/reminder/reply/${target.id}/handled`, d.za);
    expect(again.json()).toMatchObject({ handled: (res.json() as SmsReply).handled });

    const confirmed = (await inbox(d.reception, '?filter=all&size=100')).content.find(
      (x) => x.outcome === 'confirmed',
    );
    const refused = await d.call('POST', `/api/reminder/reply/${confirmed?.id}/handled`, d.reception);
    expect(refused.statusCode).toBe(409);
    // Another company's reply answers 404, as a missing one.
    const theirs = (await inbox(d.uk, '?filter=all')).content[0] as SmsReply;
    expect((await d.call('POST', `/api/reminder/reply/${theirs.id}/handled`, d.reception)).statusCode).toBe(
      404,
    );
    expect((await d.call('GET', `/api/reminder/replies/${d.ukCompany}`, d.reception)).statusCode).toBe(404);
  });

  it('refuses a bad filter or page size with 400', async () => {
    for (const query of ['?filter=unread', '?size=0', '?size=101', '?page=0', '?colour=red']) {
      const res = await d.call('GET', `/api/reminder/replies/${d.zaCompany}${query}`, d.reception);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
