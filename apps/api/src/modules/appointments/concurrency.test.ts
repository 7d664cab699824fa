import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { TEST_ENGINE } from '../../test/harness.ts';
import { insertAppointments } from './appointment.queries.ts';
import {
  countRows,
  type Diary,
  openBookingDiary,
  SET_UP_TIMEOUT,
  userIdOf,
} from './appointment-test-support.ts';
import { withoutOverlap } from './clash.ts';

/** The proof is the PostgreSQL run (PD_TEST_ENGINE=postgres): the embedded engine serialises transactions. */
let d: Diary;
let practitioner: number;
let colleague: number;
let room: number;
let type: number;
let clients: number[];
beforeAll(async () => {
  ({ d, practitioner, colleague, room, type, clients } = await openBookingDiary('Race', 5));
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const book = (i: number, body: Record<string, unknown>) =>
  d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId: clients[i % clients.length],
    typeId: type,
    ...body,
  });

describe(`no double booking under concurrency (${TEST_ENGINE})`, () => {
  it('50 concurrent requests for one practitioner’s slot give exactly one booking', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(i, { practitionerId: practitioner, start: `2027-05-03T10:${String(i % 20).padStart(2, '0')}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.find((r) => r.statusCode === 409)?.json().fields[0].message).toMatch(
      /Clashes with appointment \d+/,
    );
    expect(await countRows(d, 'appointments', sql`practitioner_id = ${practitioner}`)).toBe(1);
  });

  it('50 concurrent requests for one room by two practitioners give exactly one booking', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(i, {
          practitionerId: i % 2 ? practitioner : colleague,
          roomId: room,
          start: '2027-05-04T10:00',
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await countRows(d, 'appointments', sql`room_id = ${room}`)).toBe(1);
  });

  it('concurrent series over the same weeks: one books, the other is refused whole', async () => {
    const series = (practitionerId: number) =>
      d.call('POST', `/api/appointment/series/${d.zaCompany}`, d.reception, {
        clientId: clients[0],
        practitionerId,
        typeId: type,
        roomId: room,
        start: '2027-06-07T09:00',
        frequency: 'weekly',
        count: 10,
      });
    const answers = await Promise.all([series(practitioner), series(colleague), series(practitioner)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await countRows(d, 'appointments', sql`room_id = ${room} and series_id is not null`)).toBe(10);
  });

  // Two bookings each hold one day and reach for the other's: PostgreSQL breaks the deadlock by failing one.
  // The victim's savepoint is tried again, waits for the winner and is refused as a clash, not a 500.
  it.skipIf(TEST_ENGINE !== 'postgres')(
    'a deadlock between two bookings ends as one booking and one clash',
    async () => {
      const admin = await userIdOf(d, 'za.admin');
      const at = (day: string) => ({
        clientId: clients[0] ?? 0,
        practitionerId: practitioner,
        roomId: null,
        typeId: type,
        start: new Date(`${day}T08:00:00Z`),
        end: new Date(`${day}T08:30:00Z`),
        bufferMinutes: 0,
        notes: null,
        allowOverlap: false,
      });
      const barrier = () => {
        let open = () => {};
        const opened = new Promise<void>((resolve) => {
          open = resolve;
        });
        return { open, opened };
      };
      const [first, second] = [barrier(), barrier()];
      const book = (mine: string, theirs: string, held: typeof first, waitFor: typeof first) =>
        withSystem(d.ctx.database.db, (tx) =>
          withoutOverlap(
            tx,
            async (sp) => {
              await insertAppointments(sp, d.zaCompany, admin, [at(mine)]);
              held.open();
              await waitFor.opened;
              await insertAppointments(sp, d.zaCompany, admin, [at(theirs)]);
              return 'booked';
            },
            async () => {
              throw new Error('clash');
            },
          ),
        ).catch((error: Error) => error.message);
      const outcomes = await Promise.all([
        book('2027-08-02', '2027-08-03', first, second),
        book('2027-08-03', '2027-08-02', second, first),
      ]);
      expect(outcomes.sort()).toEqual(['booked', 'clash']);
    },
  );
});
