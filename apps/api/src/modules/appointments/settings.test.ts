import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  countRows,
  type Diary,
  openDiary,
  productIdOf,
  SET_UP_TIMEOUT,
  userIdOf,
} from './appointment-test-support.ts';

let d: Diary;
let nomsa: number; // za.user
beforeAll(async () => {
  d = await openDiary();
  nomsa = await userIdOf(d, 'za.user');
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const za = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  d.call(method, url, d.za, payload);
const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  d.call(method, url, d.reception, payload);

describe('rooms', () => {
  it('administrators create, change and delete; everyone reads; names are unique', async () => {
    expect((await staff('POST', `/api/appointment/room/${d.zaCompany}`, { name: 'Room X' })).statusCode).toBe(
      403,
    );
    const made = await za('POST', `/api/appointment/room/${d.zaCompany}`, {
      name: 'Room X',
      description: 'Ground floor',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Room X', active: 'Y', companyId: d.zaCompany });
    const dup = await za('POST', `/api/appointment/room/${d.zaCompany}`, { name: 'room x' });
    expect(dup.json().fields[0].path).toBe('body.name');
    const changed = await za('PUT', `/api/appointment/room/${made.json().id}`, { active: 'N' });
    expect(changed.json()).toMatchObject({ active: 'N', description: 'Ground floor' });
    const list = await staff('GET', `/api/appointment/rooms/${d.zaCompany}`);
    expect(list.json().map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Room X', 'Treatment room 1']),
    );
    expect((await staff('PUT', `/api/appointment/room/${made.json().id}`, { active: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await za('DELETE', `/api/appointment/room/${made.json().id}`)).statusCode).toBe(204);
    // A demo room is used by appointments: 409, set it inactive instead.
    const used = list.json().find((r: { name: string }) => r.name === 'Treatment room 1');
    expect((await za('DELETE', `/api/appointment/room/${used.id}`)).statusCode).toBe(409);
    expect((await za('POST', `/api/appointment/room/${d.zaCompany}`, { name: '' })).statusCode).toBe(400);
    expect((await auditActions(d, d.zaCompany, 'room.%')).map((a) => a.action)).toEqual([
      'room.create',
      'room.update',
      'room.delete',
    ]);
  });
});

describe('practitioners and working hours', () => {
  it('an administrator makes a user a practitioner; hours allow several intervals a day, none overlapping', async () => {
    expect((await staff('GET', `/api/appointment/practitioner/${nomsa}`)).statusCode).toBe(404);
    expect(
      (await staff('PUT', `/api/appointment/practitioner/${nomsa}`, { colour: '#00ff00' })).statusCode,
    ).toBe(403);
    const made = await za('PUT', `/api/appointment/practitioner/${nomsa}`, {
      colour: '#00FF00',
      practiceNumber: '0799999',
      registrationNumber: 'PT 0999999',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      userId: nomsa,
      active: 'Y',
      colour: '#00ff00',
      practiceNumber: '0799999',
      hours: [],
    });
    const hours = await za('PUT', `/api/appointment/practitioner/${nomsa}/hours`, {
      intervals: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 6, start: '09:00', end: '24:00' },
      ],
    });
    expect(hours.json().hours).toEqual([
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
      { weekday: 6, start: '09:00', end: '24:00' },
    ]);
    const overlapping = await za('PUT', `/api/appointment/practitioner/${nomsa}/hours`, {
      intervals: [
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '14:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().fields[0].path).toBe('body.intervals.1.start');
    const backwards = await za('PUT', `/api/appointment/practitioner/${nomsa}/hours`, {
      intervals: [{ weekday: 2, start: '12:00', end: '08:00' }],
    });
    expect(backwards.json().fields[0].path).toBe('body.intervals.0.end');
    const list = await staff('GET', `/api/appointment/practitioners/${d.zaCompany}`);
    expect(list.json().map((p: { displayName: string }) => p.displayName)).toEqual(
      expect.arrayContaining(['Nomsa Khumalo', 'Thandi Mokoena']),
    );
    // Another company's user, or room, is refused.
    expect(
      (await za('PUT', `/api/appointment/practitioner/${d.uk.user.id}`, { colour: '#000000' })).statusCode,
    ).toBe(404);
    const ukRoom = (await d.call('GET', `/api/appointment/rooms/${d.ukCompany}`, d.uk)).json()[0].id;
    const foreignRoom = await za('PUT', `/api/appointment/practitioner/${nomsa}`, { defaultRoomId: ukRoom });
    expect(foreignRoom.json().fields[0].path).toBe('body.defaultRoomId');
    expect((await auditActions(d, d.zaCompany, 'practitioner.%')).length).toBe(2);
  });
});

describe('exceptions and public holidays', () => {
  it('leave and closures: created, changed and deleted by administrators; checked like on create', async () => {
    const body = {
      practitionerId: nomsa,
      kind: 'leave',
      startDate: '2027-07-05',
      endDate: '2027-07-09',
      note: 'Annual leave',
    };
    expect((await staff('POST', `/api/appointment/exception/${d.zaCompany}`, body)).statusCode).toBe(403);
    const made = await za('POST', `/api/appointment/exception/${d.zaCompany}`, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ ...body, startTime: null, endTime: null });
    const id = made.json().id;
    const backwards = await za('PUT', `/api/appointment/exception/${id}`, { endDate: '2027-07-01' });
    expect(backwards.json().fields[0].path).toBe('body.endDate');
    const partial = await za('PUT', `/api/appointment/exception/${id}`, {
      startTime: '09:00',
      endTime: '12:00',
    });
    expect(partial.json()).toMatchObject({ startTime: '09:00', endTime: '12:00', endDate: '2027-07-09' });
    const oneTime = await za('POST', `/api/appointment/exception/${d.zaCompany}`, {
      ...body,
      startTime: '09:00',
    });
    expect(oneTime.json().fields[0].path).toBe('body.endTime');
    const list = await staff(
      'GET',
      `/api/appointment/exceptions/${d.zaCompany}?start=2027-07-01&end=2027-07-31`,
    );
    expect(list.json().map((e: { id: number }) => e.id)).toEqual([id]);
    const foreign = await za('POST', `/api/appointment/exception/${d.zaCompany}`, {
      ...body,
      practitionerId: d.uk.user.id,
    });
    expect(foreign.json().fields[0].path).toBe('body.practitionerId');
    expect((await za('DELETE', `/api/appointment/exception/${id}`)).statusCode).toBe(204);
    expect(await countRows(d, 'availability_exceptions', sql`true`)).toBe(0);
  });

  it('public holidays follow the company’s country: South Africa for ZA, England and Wales otherwise', async () => {
    const zaDays = await staff(
      'GET',
      `/api/appointment/holidays/${d.zaCompany}?start=2027-01-01&end=2027-12-31`,
    );
    expect(zaDays.json().calendar).toBe('South Africa');
    expect(zaDays.json().holidays).toEqual(
      expect.arrayContaining([
        { date: '2027-03-22', name: 'Public holiday (Human Rights Day observed)' },
        { date: '2027-09-24', name: 'Heritage Day' },
      ]),
    );
    const ukDays = await d.call(
      'GET',
      `/api/appointment/holidays/${d.ukCompany}?start=2028-01-01&end=2028-12-31`,
      d.uk,
    );
    expect(ukDays.json().calendar).toBe('England and Wales');
    expect(ukDays.json().holidays.map((h: { date: string }) => h.date)).toEqual([
      '2028-01-03',
      '2028-04-14',
      '2028-04-17',
      '2028-05-01',
      '2028-05-29',
      '2028-08-28',
      '2028-12-25',
      '2028-12-26',
    ]);
  });
});

describe('appointment types', () => {
  it('administrators create and change types; the price comes from the linked product; rules are checked', async () => {
    const product = await productIdOf(d, d.zaCompany);
    const ukProduct = await productIdOf(d, d.ukCompany);
    const body = {
      name: 'Dry needling',
      durationMinutes: 30,
      bufferAfterMinutes: 5,
      productId: product,
      tariffCode: '72107',
    };
    expect((await staff('POST', `/api/appointment/type/${d.zaCompany}`, body)).statusCode).toBe(403);
    const made = await za('POST', `/api/appointment/type/${d.zaCompany}`, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      minMinutes: 30,
      maxMinutes: 30,
      colour: '#1e88e5',
      practitionerIds: [],
      active: 'Y',
    });
    expect(made.json().priceCents).toBeGreaterThan(0);
    const id = made.json().id;
    const widened = await za('PUT', `/api/appointment/type/${id}`, {
      minMinutes: 15,
      maxMinutes: 60,
      practitionerIds: [nomsa],
    });
    expect(widened.json()).toMatchObject({
      minMinutes: 15,
      maxMinutes: 60,
      practitionerIds: [nomsa],
      tariffCode: '72107',
    });
    const narrow = await za('PUT', `/api/appointment/type/${id}`, { maxMinutes: 20 });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().fields[0].path).toBe('body.durationMinutes');
    for (const [patch, field] of [
      [{ productId: ukProduct }, 'body.productId'],
      [{ practitionerIds: [d.uk.user.id] }, 'body.practitionerIds'],
      [{ productId: null, billingPlanId: 1, noShowFeeCents: -1 }, 'body.noShowFeeCents'],
    ] as const) {
      const res = await za('PUT', `/api/appointment/type/${id}`, patch);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].path).toBe(field);
    }
    const both = await za('POST', `/api/appointment/type/${d.zaCompany}`, { ...body, billingPlanId: 1 });
    expect(both.json().fields[0].path).toBe('body.billingPlanId');
    expect((await staff('GET', `/api/appointment/type/${id}`)).json().name).toBe('Dry needling');
    expect(
      (await staff('GET', `/api/appointment/types/${d.zaCompany}`)).json().length,
    ).toBeGreaterThanOrEqual(4);
    expect((await za('DELETE', `/api/appointment/type/${id}`)).statusCode).toBe(204);
    const ukType = (await d.call('GET', `/api/appointment/types/${d.ukCompany}`, d.uk)).json()[0].id;
    expect((await za('GET', `/api/appointment/type/${ukType}`)).statusCode).toBe(404);
    expect((await za('PUT', `/api/appointment/type/${ukType}`, { name: 'Taken' })).statusCode).toBe(404);
  });

  it('the demo diary is there for both companies', async () => {
    for (const company of [d.zaCompany, d.ukCompany]) {
      expect(await countRows(d, 'appointments', sql`company_id = ${company}`)).toBeGreaterThan(10);
      expect(await countRows(d, 'appointments', sql`company_id = ${company} and series_id is not null`)).toBe(
        4,
      );
      expect(
        await countRows(d, 'invoices', sql`company_id = ${company} and appointment_id is not null`),
      ).toBeGreaterThan(0);
    }
  });
});
