import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientIdsOf,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
} from './appointment-test-support.ts';

let d: Diary;
let practitioner: number;
let colleague: number;
let type: number;
let clients: number[];
const HOURS = [
  { weekday: 1, start: '09:00', end: '12:00' },
  { weekday: 1, start: '13:00', end: '15:00' },
  { weekday: 2, start: '09:00', end: '10:00' },
];
beforeAll(async () => {
  d = await openDiary();
  practitioner = await makePractitioner(d, d.za, 'za.user', HOURS);
  colleague = await makePractitioner(d, d.za, 'za.web', [{ weekday: 3, start: '08:00', end: '09:00' }]);
  type = await makeType(d, d.za, { name: 'Slot type', bufferAfterMinutes: 15 });
  clients = await clientIdsOf(d, d.zaCompany);
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

/** 2027-02-01 is a Monday; 08:00 in Johannesburg is 06:00 UTC. */
const slots = async (from: string, extra = '') => {
  const res = await d.call(
    'GET',
    `/api/appointment/slots/${d.zaCompany}?typeId=${type}&practitionerIds=${practitioner}&from=${from}${extra}`,
    d.reception,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((s: { startLocal: string }) => s.startLocal.replace('2027-', '')) as string[];
};
const book = (start: string) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId: clients[0],
    practitionerId: practitioner,
    typeId: type,
    start,
  });

describe('next free slot', () => {
  it('offers quarter-hour starts within working hours, ten by default', async () => {
    expect(await slots('2027-02-01T06:00:00Z')).toEqual([
      '02-01T09:00',
      '02-01T09:15',
      '02-01T09:30',
      '02-01T09:45',
      '02-01T10:00',
      '02-01T10:15',
      '02-01T10:30',
      '02-01T10:45',
      '02-01T11:00',
      '02-01T11:15',
    ]);
    // The last start that fits before lunch is 11:30; then the afternoon, then Tuesday's hour.
    expect((await slots('2027-02-01T09:20:00Z')).slice(0, 4)).toEqual([
      '02-01T11:30',
      '02-01T13:00',
      '02-01T13:15',
      '02-01T13:30',
    ]);
  });

  it('leaves out existing bookings with their buffers, and its own buffer before the next booking', async () => {
    await book('2027-02-08T09:00'); // blocks 09:00–09:45 with its buffer
    await book('2027-02-08T11:00'); // a slot at 10:30 would run its buffer into it
    const found = await slots('2027-02-08T06:00:00Z', '&count=6');
    expect(found).toEqual([
      '02-08T09:45',
      '02-08T10:00',
      '02-08T10:15',
      '02-08T13:00',
      '02-08T13:15',
      '02-08T13:30',
    ]);
  });

  it('leaves out exceptions (part of a day, a closed practice) and public holidays', async () => {
    const leave = await d.call('POST', `/api/appointment/exception/${d.zaCompany}`, d.za, {
      practitionerId: practitioner,
      kind: 'leave',
      startDate: '2027-02-15',
      endDate: '2027-02-15',
      startTime: '09:00',
      endTime: '11:00',
    });
    expect(leave.statusCode).toBe(201);
    expect(await slots('2027-02-15T06:00:00Z', '&count=3')).toEqual([
      '02-15T11:00',
      '02-15T11:15',
      '02-15T11:30',
    ]);
    await d.call('POST', `/api/appointment/exception/${d.zaCompany}`, d.za, {
      practitionerId: null,
      kind: 'closed',
      startDate: '2027-02-22',
      endDate: '2027-02-22',
    });
    expect(await slots('2027-02-22T06:00:00Z', '&count=2')).toEqual(['02-23T09:00', '02-23T09:15']);
    // Monday 22 March 2027 is a South African public holiday (Human Rights Day observed).
    expect(await slots('2027-03-22T06:00:00Z', '&count=2')).toEqual(['03-23T09:00', '03-23T09:15']);
  });

  it('searches several practitioners, those who offer the type; bad filters are 400', async () => {
    const both = await d.call(
      'GET',
      `/api/appointment/slots/${d.zaCompany}?typeId=${type}&practitionerIds=${practitioner},${colleague}&from=2027-02-02T07:30:00Z&count=4`,
      d.reception,
    );
    // Tuesday 09:30 for one, then Wednesday 08:00 for the other.
    expect(
      both
        .json()
        .map((s: { practitionerId: number; startLocal: string }) => [s.practitionerId, s.startLocal]),
    ).toEqual([
      [practitioner, '2027-02-02T09:30'],
      [colleague, '2027-02-03T08:00'],
      [colleague, '2027-02-03T08:15'],
      [colleague, '2027-02-03T08:30'],
    ]);
    const onlyOne = await makeType(d, d.za, { name: 'Only Nomsa', practitionerIds: [practitioner] });
    const offered = await d.call(
      'GET',
      `/api/appointment/slots/${d.zaCompany}?typeId=${onlyOne}&from=2027-02-03T05:00:00Z&count=1`,
      d.reception,
    );
    expect(offered.json()[0].practitionerId).toBe(practitioner);
    const foreign = await d.call(
      'GET',
      `/api/appointment/slots/${d.zaCompany}?typeId=${type}&practitionerIds=${d.uk.user.id}`,
      d.reception,
    );
    expect(foreign.statusCode).toBe(400);
    expect(
      (await d.call('GET', `/api/appointment/slots/${d.ukCompany}?typeId=${type}`, d.reception)).statusCode,
    ).toBe(404);
  });
});
