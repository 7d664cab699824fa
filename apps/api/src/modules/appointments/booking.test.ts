import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  countRows,
  type Diary,
  makeType,
  openBookingDiary,
  SET_UP_TIMEOUT,
} from './appointment-test-support.ts';

let d: Diary;
let practitioner: number;
let colleague: number;
let room: number;
let type: number;
let clients: number[];
beforeAll(async () => {
  ({ d, practitioner, colleague, room, type, clients } = await openBookingDiary('Booking test', 10));
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const book = (body: Record<string, unknown>, who = d.reception) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, who, {
    clientId: clients[0],
    practitionerId: practitioner,
    typeId: type,
    ...body,
  });
const appointments = () => countRows(d, 'appointments', sql`company_id = ${d.zaCompany} and created_by <> 0`);

describe('booking', () => {
  it('books in the company’s wall clock and answers UTC and local times; audited', async () => {
    const res = await book({
      start: '2027-02-01T10:00',
      roomId: room,
      notes: '<p>Knee <script>x</script></p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      start: '2027-02-01T08:00:00.000Z',
      end: '2027-02-01T08:30:00.000Z',
      startLocal: '2027-02-01T10:00',
      endLocal: '2027-02-01T10:30',
      timeZone: 'Africa/Johannesburg',
      status: 'booked',
      invoiceStatus: 'not-invoiced',
      bufferAfterMinutes: 10,
      roomId: room,
      notes: '<p>Knee </p>',
    });
    expect((await auditActions(d, d.zaCompany, 'appointment.create%')).at(-1)?.description).toMatch(
      /Booked Booking test with .* on 2027-02-01 10:00/,
    );
  });

  it('refuses an overlap with 409 naming the clash (id, time, initials) and writes nothing', async () => {
    const first = (await book({ start: '2027-02-02T09:00' })).json();
    const before = await appointments();
    const res = await book({ start: '2027-02-02T09:15', clientId: clients[1] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(res.json().fields[0].path).toBe('body.start');
    expect(res.json().fields[0].message).toMatch(
      new RegExp(`appointment ${first.id} \\(2027-02-02 09:00–09:30, [A-Z]\\.[A-Z]\\.\\)`),
    );
    expect(await appointments()).toBe(before);
  });

  it('counts the buffer after as blocked; back-to-back without a buffer is allowed', async () => {
    await book({ start: '2027-02-03T09:00' });
    expect((await book({ start: '2027-02-03T09:30' })).statusCode).toBe(409); // inside the 10-minute buffer
    expect((await book({ start: '2027-02-03T09:40' })).statusCode).toBe(201);
    // Ending exactly where another begins (this one's buffer would run into it): refused.
    expect((await book({ start: '2027-02-03T08:30' })).statusCode).toBe(409);
    const plain = await makeType(d, d.za, { name: 'No buffer' });
    await book({ start: '2027-02-03T14:00', typeId: plain });
    expect((await book({ start: '2027-02-03T14:30', typeId: plain })).statusCode).toBe(201);
    expect((await book({ start: '2027-02-03T13:30', typeId: plain })).statusCode).toBe(201);
  });

  it('refuses a second booking of the same room by another practitioner', async () => {
    await book({ start: '2027-02-04T11:00', roomId: room });
    const res = await book({ start: '2027-02-04T11:10', roomId: room, practitionerId: colleague });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields[0].message).toMatch(/same room/);
  });

  it('double-books only when asked, and records it; the double-booking does not free the time', async () => {
    await book({ start: '2027-02-05T09:00' });
    const res = await book({ start: '2027-02-05T09:00', clientId: clients[2], allowOverlap: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().allowOverlap).toBe(true);
    const audit = await auditActions(d, d.zaCompany, 'appointment.create.double-booked');
    expect(audit.at(-1)?.description).toMatch(/double-booking allowed/);
    // Cancel the first: the deliberate double-booking still holds its time against ordinary bookings.
    expect((await book({ start: '2027-02-05T09:05', clientId: clients[3] })).statusCode).toBe(409);
  });
});

describe('moving, resizing and status', () => {
  it('moves keeping the length, resizes, and refuses a move onto another booking', async () => {
    const a = (await book({ start: '2027-02-08T09:00', end: '2027-02-08T10:00' })).json();
    const moved = await d.call('PUT', `/api/appointment/${a.id}`, d.reception, { start: '2027-02-08T11:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startLocal: '2027-02-08T11:00', endLocal: '2027-02-08T12:00' });
    const resized = await d.call('PUT', `/api/appointment/${a.id}`, d.reception, { end: '2027-02-08T11:45' });
    expect(resized.json()).toMatchObject({ startLocal: '2027-02-08T11:00', endLocal: '2027-02-08T11:45' });
    const other = (await book({ start: '2027-02-08T14:00', clientId: clients[1] })).json();
    const clash = await d.call('PUT', `/api/appointment/${a.id}`, d.reception, { start: '2027-02-08T14:15' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields[0].message).toContain(`appointment ${other.id}`);
    expect((await d.call('GET', `/api/appointment/${a.id}`, d.reception)).json().startLocal).toBe(
      '2027-02-08T11:00',
    );
    // To another practitioner's column.
    const across = await d.call('PUT', `/api/appointment/${a.id}`, d.reception, {
      practitionerId: colleague,
    });
    expect(across.json().practitionerId).toBe(colleague);
    expect((await auditActions(d, d.zaCompany, 'appointment.update')).length).toBeGreaterThanOrEqual(3);
  });

  it('follows FHIR statuses: arrived, fulfilled; a cancellation names its reason and frees the time', async () => {
    const a = (await book({ start: '2027-02-09T09:00' })).json();
    const status = (id: number, body: object) =>
      d.call('POST', `/api/appointment/${id}/status`, d.reception, body);
    expect((await status(a.id, { status: 'arrived' })).json().status).toBe('arrived');
    expect((await status(a.id, { status: 'fulfilled' })).json().status).toBe('fulfilled');
    expect((await status(a.id, { status: 'booked' })).statusCode).toBe(400);
    const b = (await book({ start: '2027-02-09T11:00' })).json();
    const noReason = await status(b.id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0].path).toBe('body.cancelReason');
    const cancelled = await status(b.id, { status: 'cancelled', cancelReason: 'late' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'late' });
    const taker = await book({ start: '2027-02-09T11:00', clientId: clients[4] });
    expect(taker.statusCode).toBe(201);
    // Reinstating the cancelled one would now overlap: 409.
    expect((await status(b.id, { status: 'booked' })).statusCode).toBe(409);
    expect((await status(taker.json().id, { status: 'entered-in-error' })).json().status).toBe(
      'entered-in-error',
    );
    expect((await status(taker.json().id, { status: 'booked' })).statusCode).toBe(400);
    expect((await status(b.id, { status: 'booked' })).json()).toMatchObject({
      status: 'booked',
      cancelReason: null,
    });
    const audit = await auditActions(d, d.zaCompany, 'appointment.status');
    expect(audit.map((e) => e.description).join('\n')).toMatch(/booked → cancelled \(late\)/);
  });

  it('reads a day or a week, filtered by practitioner, room and status; other companies answer 404', async () => {
    const start = '2027-02-08T22:00:00.000Z';
    const end = '2027-02-09T22:00:00.000Z';
    const day = await d.call(
      'GET',
      `/api/appointment/diary/${d.zaCompany}?start=${start}&end=${end}`,
      d.reception,
    );
    expect(day.statusCode).toBe(200);
    expect(day.json().map((a: { startLocal: string }) => a.startLocal.slice(0, 10))).toEqual(
      expect.arrayContaining(['2027-02-09']),
    );
    const live = await d.call(
      'GET',
      `/api/appointment/diary/${d.zaCompany}?start=${start}&end=${end}&practitionerId=${practitioner}&status=booked,arrived`,
      d.reception,
    );
    expect(live.json().every((a: { status: string }) => ['booked', 'arrived'].includes(a.status))).toBe(true);
    expect(
      (await d.call('GET', `/api/appointment/diary/${d.ukCompany}?start=${start}&end=${end}`, d.reception))
        .statusCode,
    ).toBe(404);
    const tooLong = await d.call(
      'GET',
      `/api/appointment/diary/${d.zaCompany}?start=${start}&end=2027-06-01T00:00:00Z`,
      d.reception,
    );
    expect(tooLong.statusCode).toBe(400);
    const clientList = await d.call('GET', `/api/appointment/client/${clients[0]}`, d.reception);
    expect(clientList.json().length).toBeGreaterThan(0);
    expect(clientList.json().every((a: { clientId: number }) => a.clientId === clients[0])).toBe(true);
  });
});
