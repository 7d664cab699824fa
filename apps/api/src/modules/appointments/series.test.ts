import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  clientIdsOf,
  countRows,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
} from './appointment-test-support.ts';

let d: Diary;
let za: { practitioner: number; type: number; clients: number[] };
let uk: { practitioner: number; type: number; clients: number[] };
beforeAll(async () => {
  d = await openDiary();
  za = {
    practitioner: await makePractitioner(d, d.za, 'za.user'),
    type: await makeType(d, d.za, { name: 'Series type' }),
    clients: await clientIdsOf(d, d.zaCompany),
  };
  uk = {
    practitioner: await makePractitioner(d, d.uk, 'uk.user'),
    type: await makeType(d, d.uk, { name: 'Series meeting' }),
    clients: await clientIdsOf(d, d.ukCompany),
  };
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const series = (body: Record<string, unknown>, who = d.reception, company = d.zaCompany) =>
  d.call('POST', `/api/appointment/series/${company}`, who, {
    clientId: za.clients[0],
    practitionerId: za.practitioner,
    typeId: za.type,
    frequency: 'weekly',
    ...body,
  });
const book = (start: string, clientId = za.clients[1]) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId,
    practitionerId: za.practitioner,
    typeId: za.type,
    start,
  });
const starts = (res: { json(): { appointments: { startLocal: string }[] } }) =>
  res.json().appointments.map((a) => a.startLocal);
const ofSeries = (id: number) => countRows(d, 'appointments', sql`series_id = ${id}`);

describe('recurring series', () => {
  it('books a weekly series in one go, kept at 09:00 on London’s wall clock across the change', async () => {
    const res = await series(
      {
        clientId: uk.clients[0],
        practitionerId: uk.practitioner,
        typeId: uk.type,
        start: '2027-03-15T09:00',
        count: 4,
      },
      d.uk,
      d.ukCompany,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(starts(res)).toEqual([
      '2027-03-15T09:00',
      '2027-03-22T09:00',
      '2027-03-29T09:00',
      '2027-04-05T09:00',
    ]);
    expect(res.json().appointments.map((a: { start: string }) => a.start.slice(11, 16))).toEqual([
      '09:00',
      '09:00',
      '08:00',
      '08:00',
    ]);
    expect(res.json().appointments.map((a: { seriesIndex: number }) => a.seriesIndex)).toEqual([1, 2, 3, 4]);
  });

  it('fortnightly until a date, and monthly; at most 52 occurrences', async () => {
    const fortnightly = await series({
      start: '2027-05-03T08:00',
      frequency: 'fortnightly',
      until: '2027-06-14',
    });
    expect(starts(fortnightly)).toEqual([
      '2027-05-03T08:00',
      '2027-05-17T08:00',
      '2027-05-31T08:00',
      '2027-06-14T08:00',
    ]);
    const monthly = await series({ start: '2027-05-04T08:00', frequency: 'monthly', count: 3 });
    expect(starts(monthly)).toEqual(['2027-05-04T08:00', '2027-06-04T08:00', '2027-07-04T08:00']);
    const tooMany = await series({ start: '2028-01-03T08:00', until: '2029-06-01' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields[0].path).toBe('body.until');
    expect((await series({ start: '2028-01-03T08:00', count: 53 })).statusCode).toBe(400);
    expect((await series({ start: '2028-01-03T08:00' })).json().fields[0].path).toBe('body.count');
  });

  it('a clash lists every clashing occurrence and writes nothing; skipClashes books the rest', async () => {
    const a = (await book('2027-08-09T10:00')).json();
    const b = (await book('2027-08-23T10:15')).json();
    const before = await countRows(d, 'appointments', sql`true`);
    const refused = await series({ start: '2027-08-02T10:00', count: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.occurrences.1',
      'body.occurrences.3',
    ]);
    expect(refused.json().fields[0].message).toContain(`appointment ${a.id}`);
    expect(refused.json().fields[1].message).toContain(`appointment ${b.id}`);
    expect(await countRows(d, 'appointments', sql`true`)).toBe(before);
    expect(await countRows(d, 'appointment_series', sql`true`)).toBeGreaterThan(0);
    const skipped = await series({ start: '2027-08-02T10:00', count: 5, skipClashes: true });
    expect(skipped.statusCode).toBe(201);
    expect(starts(skipped)).toEqual(['2027-08-02T10:00', '2027-08-16T10:00', '2027-08-30T10:00']);
    expect(
      skipped
        .json()
        .skipped.map((s: { index: number; clash: { appointmentId: number } }) => [
          s.index,
          s.clash.appointmentId,
        ]),
    ).toEqual([
      [1, a.id],
      [3, b.id],
    ]);
    expect((await auditActions(d, d.zaCompany, 'appointment.series.create')).at(-1)?.description).toMatch(
      /skipping 2/,
    );
  });

  it('an occurrence at a time London skips is a 400 naming it', async () => {
    const res = await series(
      {
        clientId: uk.clients[0],
        practitionerId: uk.practitioner,
        typeId: uk.type,
        start: '2027-03-14T01:30',
        count: 3,
      },
      d.uk,
      d.ukCompany,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('body.occurrences.2');
  });

  it('moves this one, this and following, or all; each keeps its day', async () => {
    const made = (await series({ start: '2027-09-06T09:00', count: 4 })).json();
    const [first, second, third] = made.appointments as { id: number }[];
    const move = (id: number, body: object) =>
      d.call('PUT', `/api/appointment/${id}/series`, d.reception, body);
    const one = await move(second?.id ?? 0, { scope: 'this', start: '2027-09-13T11:00' });
    expect(starts(one)).toEqual(['2027-09-13T11:00']);
    const following = await move(third?.id ?? 0, { scope: 'following', start: '2027-09-20T14:00' });
    expect(starts(following)).toEqual(['2027-09-20T14:00', '2027-09-27T14:00']);
    // All: a week later each, at 08:00 (past each other's old times, checked once all have moved).
    const all = await move(first?.id ?? 0, { scope: 'all', start: '2027-09-13T09:00' });
    expect(all.statusCode, all.body).toBe(200);
    expect(starts(all)).toEqual([
      '2027-09-13T09:00',
      '2027-09-20T09:00',
      '2027-09-27T09:00',
      '2027-10-04T09:00',
    ]);
    expect((await auditActions(d, d.zaCompany, 'appointment.series.update')).length).toBe(3);
  });

  it('a series move onto another booking answers 409 naming the occurrence, and moves none', async () => {
    const made = (await series({ start: '2027-11-01T09:00', count: 3 })).json();
    const blocker = (await book('2027-11-15T12:00')).json();
    const res = await d.call('PUT', `/api/appointment/${made.appointments[0].id}/series`, d.reception, {
      scope: 'all',
      start: '2027-11-01T12:00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([
      { path: 'body.occurrences.2', message: expect.stringContaining(`appointment ${blocker.id}`) },
    ]);
    const after = await d.call('GET', `/api/appointment/${made.appointments[2].id}`, d.reception);
    expect(after.json().startLocal).toBe('2027-11-15T09:00');
  });

  it('cancels this one, this and following, or all (those still booked)', async () => {
    const made = (await series({ start: '2027-12-06T09:00', count: 5 })).json();
    const ids = made.appointments.map((a: { id: number }) => a.id) as number[];
    const cancel = (id: number, scope: string) =>
      d.call('POST', `/api/appointment/${id}/series/status`, d.reception, {
        scope,
        status: 'cancelled',
        cancelReason: 'practice',
      });
    expect(
      (await d.call('POST', `/api/appointment/${ids[0]}/status`, d.reception, { status: 'arrived' }))
        .statusCode,
    ).toBe(200);
    expect((await cancel(ids[1] ?? 0, 'this')).json().appointments).toHaveLength(1);
    expect((await cancel(ids[3] ?? 0, 'following')).json().appointments).toHaveLength(2);
    const all = await cancel(ids[2] ?? 0, 'all');
    expect(all.json().appointments.map((a: { id: number }) => a.id)).toEqual([ids[2]]);
    const statuses = await d.call('GET', `/api/appointment/client/${za.clients[0]}`, d.reception);
    const mine = statuses.json().filter((a: { seriesId: number }) => a.seriesId === made.seriesId);
    expect(mine.map((a: { status: string }) => a.status).sort()).toEqual([
      'arrived',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(await ofSeries(made.seriesId)).toBe(5);
  });
});
