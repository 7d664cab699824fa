import { addDaysIso, isoWeekdayOf, type Slot, type SlotQuery, wallClockStringToInstant } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { selectExceptions } from './availability.queries.ts';
import { type DiaryCompany, diaryCompany, invalidField, localOf, MINUTE } from './diary-company.ts';
import { BusyIndex, clockOf, workingRangesOn } from './free-time.ts';
import { publicHolidays } from './holidays.ts';
import { selectPractitioners } from './practitioner.queries.ts';
import { selectBusy } from './slot.queries.ts';
import { findType } from './type.queries.ts';

/** Candidate starts are on a quarter-hour grid from the start of each working interval. */
const STEP_MINUTES = 15;
/** Search windows, widened until enough slots are found: most answers come from the first two days. */
const WINDOWS_DAYS = [2, 8, 32, 128];

type Practitioner = Awaited<ReturnType<typeof selectPractitioners>>[number];

async function candidates(
  tx: Tx,
  company: DiaryCompany,
  people: Practitioner[],
  roomId: number | null,
  length: { minutes: number; buffer: number },
  from: Date,
  days: number,
): Promise<Slot[]> {
  const tz = company.timeZone;
  const firstDay = localOf(from, tz).slice(0, 10);
  const lastDay = addDaysIso(firstDay, days - 1);
  const windowEnd =
    wallClockStringToInstant(`${addDaysIso(lastDay, 1)}T12:00`, tz) ??
    new Date(from.getTime() + (days + 1) * 86_400_000);
  const ids = people.map((p) => p.userId);
  const busy = await selectBusy(tx, company.id, ids, roomId, from, windowEnd);
  const exceptions = await selectExceptions(tx, company.id, {
    start: firstDay,
    end: lastDay,
    practitionerIds: ids,
  });
  const holidays = new Set(publicHolidays(company.holidayCalendar, firstDay, lastDay).map((h) => h.date));
  const byPerson = new Map(ids.map((id) => [id, new BusyIndex(busy.filter((b) => b.practitionerId === id))]));
  const room = roomId === null ? null : new BusyIndex(busy.filter((b) => b.roomId === roomId));
  const found: Slot[] = [];
  for (let day = firstDay; day <= lastDay; day = addDaysIso(day, 1)) {
    if (holidays.has(day)) continue;
    const weekday = isoWeekdayOf(day);
    for (const p of people) {
      const free = workingRangesOn(day, weekday, p, exceptions);
      for (const interval of free) {
        for (let m = interval.from; m + length.minutes <= interval.to; m += STEP_MINUTES) {
          const start = wallClockStringToInstant(`${day}T${clockOf(m)}`, tz);
          if (!start || start < from) continue;
          const end = new Date(start.getTime() + length.minutes * MINUTE);
          const blockedEnd = end.getTime() + length.buffer * MINUTE;
          if (byPerson.get(p.userId)?.overlaps(start.getTime(), blockedEnd)) continue;
          if (room?.overlaps(start.getTime(), blockedEnd)) continue;
          found.push({
            practitionerId: p.userId,
            practitionerName: p.displayName,
            start: start.toISOString(),
            end: end.toISOString(),
            startLocal: localOf(start, tz),
            endLocal: localOf(end, tz),
          });
        }
      }
    }
  }
  return found.sort((a, b) => a.start.localeCompare(b.start) || a.practitionerId - b.practitionerId);
}

/**
 * The next free slots for a type: within working hours, less exceptions, public holidays and existing
 * bookings with their buffers (and the new one's own buffer), from an instant on.
 */
export const findFreeSlots = (scope: Scope, q: SlotQuery) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const type = await findType(tx, company.id, q.typeId);
    if (type?.active !== 'Y')
      throw invalidField('querystring.typeId', 'Choose one of the company’s appointment types.');
    const all = (await selectPractitioners(tx, company.id)).filter((p) => p.active === 'Y');
    const asked = q.practitionerIds?.split(',').map(Number);
    if (asked?.some((id) => !all.some((p) => p.userId === id)))
      throw invalidField('querystring.practitionerIds', 'Choose the company’s practitioners.');
    const people = all.filter(
      (p) =>
        (!asked || asked.includes(p.userId)) &&
        (type.practitionerIds.length === 0 || type.practitionerIds.includes(p.userId)),
    );
    if (people.length === 0) return [];
    const from = q.from ? new Date(q.from) : new Date();
    const length = { minutes: type.durationMinutes, buffer: type.bufferAfterMinutes };
    for (const days of WINDOWS_DAYS) {
      const found = await candidates(tx, company, people, q.roomId ?? null, length, from, days);
      if (found.length >= q.count || days === WINDOWS_DAYS[WINDOWS_DAYS.length - 1])
        return found.slice(0, q.count);
    }
    return [];
  });
