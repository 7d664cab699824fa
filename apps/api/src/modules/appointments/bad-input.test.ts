import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientIdsOf,
  countRows,
  type Diary,
  makePractitioner,
  makeRoom,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
} from './appointment-test-support.ts';

let d: Diary;
let za: { practitioner: number; room: number; type: number; clients: number[] };
let uk: { practitioner: number; room: number; type: number; clients: number[] };
beforeAll(async () => {
  d = await openDiary();
  za = {
    practitioner: await makePractitioner(d, d.za, 'za.user'),
    room: await makeRoom(d, d.za, 'Bad input room'),
    type: await makeType(d, d.za, { name: 'Bad input type', minMinutes: 15, maxMinutes: 90 }),
    clients: await clientIdsOf(d, d.zaCompany),
  };
  uk = {
    practitioner: await makePractitioner(d, d.uk, 'uk.user'),
    room: await makeRoom(d, d.uk, 'UK room'),
    type: await makeType(d, d.uk, {
      name: 'Long meeting',
      durationMinutes: 60,
      minMinutes: 15,
      maxMinutes: 720,
    }),
    clients: await clientIdsOf(d, d.ukCompany),
  };
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const bookZa = (body: Record<string, unknown>) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId: za.clients[0],
    practitionerId: za.practitioner,
    typeId: za.type,
    start: '2027-03-01T10:00',
    ...body,
  });
const bookUk = (body: Record<string, unknown>) =>
  d.call('POST', `/api/appointment/${d.ukCompany}`, d.uk, {
    clientId: uk.clients[0],
    practitionerId: uk.practitioner,
    typeId: uk.type,
    ...body,
  });
const all = () => countRows(d, 'appointments', sql`true`);

describe('bad input answers 400 naming the field, and writes nothing', () => {
  it.each([
    ['start after end', { end: '2027-03-01T09:00' }, 'body.end'],
    ['zero length', { end: '2027-03-01T10:00' }, 'body.end'],
    ['over twelve hours', { end: '2027-03-01T22:30' }, 'body.end'],
    ['shorter than the type allows', { end: '2027-03-01T10:10' }, 'body.end'],
    ['longer than the type allows', { end: '2027-03-01T12:00' }, 'body.end'],
    ['an impossible date', { start: '2026-02-30T10:00' }, 'body.start'],
    ['a malformed time', { start: '2027-03-01 10:00' }, 'body.start'],
    ['NUL characters in the notes', { notes: 'knee\u0000pain' }, 'body.notes'],
    ['an unknown field', { colour: 'red' }, 'body.colour'],
  ])('%s', async (_name, body, field) => {
    const before = await all();
    const res = await bookZa(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await all()).toBe(before);
  });

  it('another company’s practitioner, room, type or client in the body', async () => {
    const before = await all();
    for (const [body, field] of [
      [{ practitionerId: uk.practitioner }, 'body.practitionerId'],
      [{ roomId: uk.room }, 'body.roomId'],
      [{ typeId: uk.type }, 'body.typeId'],
      [{ clientId: uk.clients[0] }, 'body.clientId'],
    ] as const) {
      const res = await bookZa(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[0].path).toBe(field);
      const series = await d.call('POST', `/api/appointment/series/${d.zaCompany}`, d.reception, {
        clientId: za.clients[0],
        practitionerId: za.practitioner,
        typeId: za.type,
        start: '2027-03-01T10:00',
        frequency: 'weekly',
        count: 3,
        ...body,
      });
      expect(series.statusCode).toBe(400);
    }
    expect(await all()).toBe(before);
  });

  it('a deleted client, and a practitioner who is not one', async () => {
    const deleted = za.clients[za.clients.length - 1];
    expect((await d.call('DELETE', `/api/client1/${deleted}?answer=Y`, d.za)).statusCode).toBe(204);
    const before = await all();
    const res = await bookZa({ clientId: deleted });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('body.clientId');
    const notOne = await bookZa({ practitionerId: d.reception.user.id });
    expect(notOne.json().fields[0].path).toBe('body.practitionerId');
    expect(await all()).toBe(before);
  });

  it('another company’s appointment in a path answers 404 and changes nothing', async () => {
    const ukBooking = (await bookUk({ start: '2027-03-02T10:00' })).json();
    for (const [method, url, payload] of [
      ['GET', `/api/appointment/${ukBooking.id}`, undefined],
      ['PUT', `/api/appointment/${ukBooking.id}`, { start: '2027-03-03T10:00' }],
      ['POST', `/api/appointment/${ukBooking.id}/status`, { status: 'arrived' }],
      ['POST', `/api/appointment/${ukBooking.id}/invoice`, undefined],
      ['PUT', `/api/appointment/${ukBooking.id}/series`, { scope: 'all', start: '2027-03-03T10:00' }],
    ] as const) {
      expect((await d.call(method, url, d.za, payload)).statusCode, url).toBe(404);
    }
    const after = (await d.call('GET', `/api/appointment/${ukBooking.id}`, d.uk)).json();
    expect(after).toMatchObject({ startLocal: '2027-03-02T10:00', status: 'booked' });
  });
});

describe('London’s clock changes (Europe/London)', () => {
  it('a time that does not exist on the spring-forward night is a 400 on the field', async () => {
    const before = await all();
    const res = await bookUk({ start: '2027-03-28T01:30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ path: 'body.start' });
    expect(res.json().fields[0].message).toMatch(/does not exist/);
    const end = await bookUk({ start: '2027-03-28T00:30', end: '2027-03-28T01:15' });
    expect(end.json().fields[0].path).toBe('body.end');
    expect(await all()).toBe(before);
  });

  it('books across the March change: 09:00 stays 09:00 on the wall clock, an hour earlier in UTC', async () => {
    const before = (await bookUk({ start: '2026-03-27T09:00' })).json();
    const after = (await bookUk({ start: '2026-03-30T09:00' })).json();
    expect(before).toMatchObject({ start: '2026-03-27T09:00:00.000Z', startLocal: '2026-03-27T09:00' });
    expect(after).toMatchObject({ start: '2026-03-30T08:00:00.000Z', startLocal: '2026-03-30T09:00' });
    // A booking over the skipped hour lasts one hour less than its wall-clock times suggest.
    const over = (await bookUk({ start: '2026-03-29T00:30', end: '2026-03-29T02:30' })).json();
    expect(Date.parse(over.end) - Date.parse(over.start)).toBe(60 * 60_000);
  });

  it('books across the October change, including the hour that happens twice', async () => {
    const before = (await bookUk({ start: '2026-10-23T09:00' })).json();
    const after = (await bookUk({ start: '2026-10-26T09:00' })).json();
    expect(before.start).toBe('2026-10-23T08:00:00.000Z');
    expect(after.start).toBe('2026-10-26T09:00:00.000Z');
    const twice = (await bookUk({ start: '2026-10-25T01:30', end: '2026-10-25T02:00' })).json();
    expect(twice).toMatchObject({ start: '2026-10-25T01:30:00.000Z', startLocal: '2026-10-25T01:30' });
    // 23:30 BST to 01:15 (the later, GMT one): 1 h 45 on the wall clock, 2 h 45 in fact.
    const over = (
      await bookUk({ start: '2026-10-24T23:30', end: '2026-10-25T01:15', clientId: uk.clients[1] })
    ).json();
    expect(Date.parse(over.end) - Date.parse(over.start)).toBe(165 * 60_000);
    // A day read in London answers the wall clock of that day.
    const day = await d.call(
      'GET',
      `/api/appointment/diary/${d.ukCompany}?start=2026-10-26T00:00:00Z&end=2026-10-27T00:00:00Z&practitionerId=${uk.practitioner}`,
      d.uk,
    );
    expect(day.json().map((a: { startLocal: string }) => a.startLocal)).toEqual(['2026-10-26T09:00']);
  });
});
