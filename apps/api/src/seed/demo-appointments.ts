import { addDaysIso, isoWeekdayOf, wallClockToInstant } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  appointmentSeries,
  appointments,
  appointmentTypePractitioners,
  appointmentTypes,
  practitionerHours,
  practitioners,
  rooms,
} from '../db/schema/index.ts';
import type { Tx } from '../db/tenancy.ts';
import { selectRows } from '../lib/sql.ts';
import { diaryCompany, rangeLiteral } from '../modules/appointments/diary-company.ts';
import { publicHolidays } from '../modules/appointments/holidays.ts';
import { invoiceAppointmentCharge } from '../modules/appointments/invoice-port.ts';
import { addPayment } from '../modules/invoices/invoice-changes.service.ts';
import { billingCompany } from '../modules/invoices/invoice-context.ts';

type Kind = 'H' | 'F';
interface TypeSeed {
  name: string;
  minutes: number;
  buffer: number;
  colour: string;
  product?: string;
  plan?: string;
  tariff?: string;
  noShowFee?: number;
  lateFee?: number;
  /** Indexes into the practitioners; absent: all. */
  by?: number[];
}

/** Practitioners (existing demo users), rooms, hours and types of a physiotherapy practice and an adviser. */
const SEED: Record<
  Kind,
  {
    people: [string, string, string | null][];
    rooms: string[];
    hours: [number, string, string][];
    types: TypeSeed[];
  }
> = {
  H: {
    // [username, colour, practice number]
    people: [
      ['za.admin', '#1e88e5', '0712345'],
      ['za.evolve', '#43a047', '0723456'],
      ['za.learn', '#8e24aa', '0734567'],
    ],
    rooms: ['Treatment room 1', 'Treatment room 2', 'Rehabilitation gym'],
    hours: [1, 2, 3, 4, 5].flatMap((d): [number, string, string][] => [
      [d, '08:00', '13:00'],
      [d, '14:00', '17:00'],
    ]),
    types: [
      {
        name: 'Initial assessment',
        minutes: 45,
        buffer: 15,
        colour: '#1e88e5',
        product: 'Physiotherapy assessment',
        tariff: '72101',
        noShowFee: 35_000,
        lateFee: 35_000,
      },
      {
        name: 'Follow-up treatment',
        minutes: 30,
        buffer: 0,
        colour: '#43a047',
        plan: 'Follow-up treatment',
        tariff: '72103',
        noShowFee: 26_000,
        lateFee: 26_000,
      },
      {
        name: 'Rehabilitation session',
        minutes: 45,
        buffer: 15,
        colour: '#fb8c00',
        product: 'Post-operative rehabilitation',
        tariff: '72105',
        by: [1, 2],
      },
    ],
  },
  F: {
    people: [
      ['uk.adviser', '#3949ab', null],
      ['uk.admin', '#00897b', null],
    ],
    rooms: ['Meeting room', 'Video call'],
    hours: [1, 2, 3, 4]
      .map((d): [number, string, string] => [d, '09:00', '17:30'])
      .concat([[5, '09:00', '13:00']]),
    types: [
      { name: 'Annual review', minutes: 60, buffer: 0, colour: '#3949ab', product: 'Pension review' },
      {
        name: 'Financial planning meeting',
        minutes: 45,
        buffer: 15,
        colour: '#00897b',
        plan: 'Financial plan (one-off)',
      },
      { name: 'Video catch-up', minutes: 30, buffer: 0, colour: '#f4511e', lateFee: 5_000 },
    ],
  },
};
/** Bookable starts a day; 16:00 is left for the weekly series. */
const SLOTS: Record<Kind, string[]> = {
  H: ['08:00', '09:00', '10:00', '11:00', '14:00', '15:00'],
  // An adviser holds a client meeting or so a day (and fewer rows keep the demo seed and the route-table
  // probe, which tries every id only the other company has, quick).
  F: ['10:00', '14:30'],
};

const idRow = z.object({ id: z.number(), name: z.string() });

/**
 * A fortnight of diary around today for a demo company: past days mostly completed (some invoiced, one
 * paid), some no-shows and a cancellation, today partly arrived, the coming week booked, and one weekly
 * series. A few statements in all, so the seed stays fast.
 */
export async function insertDemoAppointments(tx: Tx, companyId: number): Promise<void> {
  const company = await diaryCompany(tx, companyId);
  const seed = SEED[company.type];
  const users = await selectRows(
    tx,
    idRow,
    sql`select id, username as name from users where company_id = ${companyId} order by id`,
  );
  const userId = (username: string) => users.find((u) => u.name === username)?.id;
  const roomIds = (
    await tx
      .insert(rooms)
      .values(seed.rooms.map((name) => ({ companyId, name })))
      .returning({ id: rooms.id })
  ).map((r) => r.id);
  const people = seed.people.flatMap(([username, colour, practiceNumber], i) => {
    const id = userId(username);
    return id === undefined
      ? []
      : [{ userId: id, colour, practiceNumber, room: roomIds[i % roomIds.length] ?? null }];
  });
  if (people.length === 0) return;
  await tx.insert(practitioners).values(
    people.map((p) => ({
      companyId,
      userId: p.userId,
      colour: p.colour,
      practiceNumber: p.practiceNumber,
      registrationNumber: company.type === 'H' ? `PT ${String(p.userId * 7919).padStart(7, '0')}` : null,
      defaultRoomId: p.room,
    })),
  );
  await tx.insert(practitionerHours).values(
    people.flatMap((p) =>
      seed.hours.map(([weekday, startTime, endTime]) => ({
        companyId,
        userId: p.userId,
        weekday,
        startTime,
        endTime,
      })),
    ),
  );
  const named = async (table: 'products' | 'billing_plans') =>
    selectRows(tx, idRow, sql`select id, name from ${sql.identifier(table)} where company_id = ${companyId}`);
  const products = await named('products');
  const plans = await named('billing_plans');
  const types: (TypeSeed & { id: number; offeredBy: number[] })[] = [];
  for (const t of seed.types) {
    const [row] = await tx
      .insert(appointmentTypes)
      .values({
        companyId,
        name: t.name,
        durationMinutes: t.minutes,
        minMinutes: Math.min(15, t.minutes),
        maxMinutes: t.minutes * 2,
        colour: t.colour,
        bufferAfterMinutes: t.buffer,
        productId: products.find((p) => p.name === t.product)?.id ?? null,
        billingPlanId: plans.find((p) => p.name === t.plan)?.id ?? null,
        tariffCode: t.tariff ?? null,
        noShowFeeCents: t.noShowFee ?? null,
        lateCancelFeeCents: t.lateFee ?? null,
      })
      .returning({ id: appointmentTypes.id });
    if (!row) throw new Error('demo type not inserted');
    const offeredBy = (t.by ?? [])
      .map((i) => people[i]?.userId)
      .filter((id): id is number => id !== undefined);
    if (offeredBy.length > 0)
      await tx
        .insert(appointmentTypePractitioners)
        .values(offeredBy.map((uid) => ({ companyId, typeId: row.id, userId: uid })));
    types.push({ ...t, id: row.id, offeredBy });
  }
  const clients = await selectRows(
    tx,
    idRow,
    sql`select id, name from clients where company_id = ${companyId} and deleted_at is null and status = 'A' order by id`,
  );
  if (clients.length === 0) return;

  const holidays = new Set(publicHolidays(company.holidayCalendar).map((h) => h.date));
  const rows: (typeof appointments.$inferInsert)[] = [];
  let n = 0;
  for (let offset = -7; offset <= 7; offset++) {
    const day = addDaysIso(company.today, offset);
    if (isoWeekdayOf(day) > 5 || holidays.has(day)) continue;
    people.forEach((p, pi) => {
      SLOTS[company.type].forEach((time, k) => {
        // About four a day each in a practice, one for an adviser; with gaps.
        if ((offset + k + pi + 14) % (company.type === 'F' ? 2 : 3) === 0) return;
        if (company.type === 'F' && isoWeekdayOf(day) === 5 && time >= '13:00') return;
        const offered = types.filter((t) => t.offeredBy.length === 0 || t.offeredBy.includes(p.userId));
        const type = offered[(k + pi) % offered.length];
        const start = wallClockToInstant(day, time, company.timeZone);
        if (!type || !start) return;
        const client = clients[n++ % clients.length];
        if (!client) return;
        const past = offset < 0 || (offset === 0 && time < '11:00');
        const status = !past
          ? 'booked'
          : n % 11 === 0
            ? 'noshow'
            : n % 13 === 0
              ? 'cancelled'
              : offset === 0
                ? 'arrived'
                : 'fulfilled';
        rows.push({
          companyId,
          clientId: client.id,
          practitionerId: p.userId,
          roomId: p.room,
          typeId: type.id,
          span: rangeLiteral(start, new Date(start.getTime() + type.minutes * 60_000)),
          bufferMinutes: type.buffer,
          status,
          cancelReason: status === 'cancelled' ? 'client' : null,
          notes: null,
          createdBy: p.userId,
        });
      });
    });
  }
  // One weekly series: the first practitioner at 16:00 on today's weekday, from last week for four weeks.
  const first = people[0];
  const followUp = types.find((t) => t.offeredBy.length === 0) ?? types[0];
  const seriesClient = clients[1] ?? clients[0];
  if (first && followUp && seriesClient) {
    const [series] = await tx
      .insert(appointmentSeries)
      .values({
        companyId,
        frequency: 'weekly',
        rule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=4',
        occurrences: 4,
        createdBy: first.userId,
      })
      .returning({ id: appointmentSeries.id });
    for (let i = 0; i < 4 && series; i++) {
      const start = wallClockToInstant(addDaysIso(company.today, 7 * (i - 1)), '16:00', company.timeZone);
      if (!start) continue;
      rows.push({
        companyId,
        clientId: seriesClient.id,
        practitionerId: first.userId,
        roomId: first.room,
        typeId: followUp.id,
        seriesId: series.id,
        seriesIndex: i + 1,
        span: rangeLiteral(start, new Date(start.getTime() + followUp.minutes * 60_000)),
        bufferMinutes: followUp.buffer,
        status: i === 0 ? 'fulfilled' : 'booked',
        createdBy: first.userId,
      });
    }
  }
  const inserted = await tx.insert(appointments).values(rows).returning({
    id: appointments.id,
    status: appointments.status,
    clientId: appointments.clientId,
    practitionerId: appointments.practitionerId,
    typeId: appointments.typeId,
  });

  // Invoice a few completed visits through the invoice service (numbered, VAT, audited); the first is paid.
  const admin = users.find((u) => u.name.endsWith('.admin'));
  if (!admin) return;
  const actor = { companyId, userId: admin.id };
  const billable = inserted
    .filter((a) => a.status === 'fulfilled' && types.find((t) => t.id === a.typeId && (t.product || t.plan)))
    .slice(0, 5);
  const billing = await billingCompany(tx, companyId);
  for (const [i, a] of billable.entries()) {
    const type = types.find((t) => t.id === a.typeId);
    const productId = products.find((p) => p.name === type?.product)?.id;
    const planId = plans.find((p) => p.name === type?.plan)?.id;
    const charge = productId ? { productId } : planId ? { billingPlanId: planId } : null;
    if (!charge) continue;
    const invoice = await invoiceAppointmentCharge(tx, actor, {
      clientId: a.clientId,
      appointmentId: a.id,
      practitionerId: a.practitionerId,
      charge,
      tariffCode: type?.tariff ?? null,
    });
    if (i === 0)
      await addPayment(tx, actor, billing, invoice.id, {
        amount: invoice.totalCents,
        date: billing.today,
        method: 'card',
        reference: `Card ${invoice.id}`,
      });
  }
}
