import {
  addDaysIso,
  addMonthsIso,
  addYearsIso,
  type DiaryReport,
  type DiaryReportQuery,
  type DiaryRow,
  isoWeekdayOf,
  lastDayOfMonthIso,
  REPORT_MAX_YEARS,
  wallClockToInstant,
  weekStartIso,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { selectExceptions } from '../appointments/availability.queries.ts';
import { type DiaryCompany, diaryCompany } from '../appointments/diary-company.ts';
import { workingRangesOn } from '../appointments/free-time.ts';
import { publicHolidays } from '../appointments/holidays.ts';
import { selectPractitioners } from '../appointments/practitioner.queries.ts';
import { reportPractitioner } from './debtors.queries.ts';
import { type DiaryCriteria, type DiaryFigures, diaryFigureRows } from './diary.queries.ts';

const invalid = (field: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path: `querystring.${field}`, message }]);

/** The days asked for (default this month and the two before), at most ten years; filters of the company's own. */
async function criteria(tx: Tx, company: DiaryCompany, q: DiaryReportQuery): Promise<DiaryCriteria> {
  const thisMonth = company.today.slice(0, 7);
  const from = q.from ?? `${addMonthsIso((q.to ?? company.today).slice(0, 7), -2)}-01`;
  const to = q.to ?? lastDayOfMonthIso(q.from ? addMonthsIso(q.from.slice(0, 7), 2) : thisMonth);
  if (to < from) throw invalid('to', 'The last day cannot be before the first.');
  if (to >= addYearsIso(from, REPORT_MAX_YEARS)) {
    throw invalid('from', `The range cannot be more than ${REPORT_MAX_YEARS} years.`);
  }
  const start = wallClockToInstant(from, '00:00', company.timeZone);
  if (!start) throw invalid('from', 'Not a date.');
  const end = wallClockToInstant(addDaysIso(to, 1), '00:00', company.timeZone);
  if (!end) throw invalid('to', 'Not a date.');
  if (q.practitionerId !== undefined && !(await reportPractitioner(tx, company.id, q.practitionerId))) {
    throw invalid('practitionerId', 'Not a practitioner of the company.');
  }
  const period = q.period ?? 'month';
  const practitionerId = q.practitionerId ?? null;
  return { companyId: company.id, timeZone: company.timeZone, from, to, start, end, period, practitionerId };
}

const periodKey = (c: DiaryCriteria, day: string) =>
  c.period === 'month' ? day.slice(0, 7) : weekStartIso(day);

/**
 * Working minutes per period and practitioner: each day's weekly hours less the practitioner's and the
 * practice's exceptions, none on public holidays (the same working time the diary offers slots in).
 */
async function workingMinutes(tx: Tx, company: DiaryCompany, c: DiaryCriteria) {
  const people = await selectPractitioners(tx, company.id, c.practitionerId ?? undefined);
  const exceptions = await selectExceptions(tx, company.id, {
    start: c.from,
    end: c.to,
    practitionerIds: people.map((p) => p.userId),
  });
  const holidays = new Set(publicHolidays(company.holidayCalendar, c.from, c.to).map((h) => h.date));
  const minutes = new Map<string, number>();
  const periods: string[] = [];
  for (let day = c.from; day <= c.to; day = addDaysIso(day, 1)) {
    const period = periodKey(c, day);
    if (periods.at(-1) !== period) periods.push(period);
    if (holidays.has(day)) continue;
    const weekday = isoWeekdayOf(day);
    for (const p of people) {
      const worked = workingRangesOn(day, weekday, p, exceptions).reduce((s, r) => s + r.to - r.from, 0);
      const key = `${period}|${p.userId}`;
      minutes.set(key, (minutes.get(key) ?? 0) + worked);
    }
  }
  return { people, periods, minutes };
}

const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The report's figures from the working minutes and the appointments' row. */
function figuresOf(workingMinutes: number, f: DiaryFigures | undefined) {
  const bookedMinutes = Math.round(f?.bookedMinutes ?? 0);
  const appointments = f?.appointments ?? 0;
  return {
    workingMinutes,
    bookedMinutes,
    utilisation: share(bookedMinutes, workingMinutes),
    appointments,
    noShows: f?.noShows ?? 0,
    lateCancels: f?.lateCancels ?? 0,
    noShowRate: share(f?.noShows ?? 0, appointments),
    lateCancelRate: share(f?.lateCancels ?? 0, appointments),
    newClients: f?.newClients ?? 0,
    returningClients: (f?.seenClients ?? 0) - (f?.newClients ?? 0),
  };
}

export async function buildDiaryReport(
  tx: Tx,
  company: DiaryCompany,
  q: DiaryReportQuery,
): Promise<DiaryReport> {
  const c = await criteria(tx, company, q);
  const { people, periods, minutes } = await workingMinutes(tx, company, c);
  const figures = await diaryFigureRows(tx, c);
  const perPractitioner = new Map(
    figures.filter((f) => f.overall === 0).map((f) => [`${f.period}|${f.practitionerId}`, f]),
  );
  const perPeriod = new Map(
    figures.filter((f) => f.overall === 1 && f.period !== null).map((f) => [f.period, f]),
  );
  const names = new Map(people.map((p) => [p.userId, p.displayName]));
  for (const f of perPractitioner.values()) {
    if (f.practitionerId !== null && !names.has(f.practitionerId)) {
      names.set(f.practitionerId, f.practitionerName ?? '');
    }
  }
  const ordered = [...names.entries()].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0]);
  const rows: DiaryRow[] = [];
  const periodRows = periods.map((period) => {
    let working = 0;
    for (const [practitionerId, practitionerName] of ordered) {
      const key = `${period}|${practitionerId}`;
      const worked = minutes.get(key) ?? 0;
      working += worked;
      if (worked === 0 && !perPractitioner.has(key)) continue;
      rows.push({ period, practitionerId, practitionerName, ...figuresOf(worked, perPractitioner.get(key)) });
    }
    return { period, ...figuresOf(working, perPeriod.get(period)) };
  });
  const allWorking = periodRows.reduce((s, p) => s + p.workingMinutes, 0);
  return {
    from: c.from,
    to: c.to,
    period: c.period,
    practitionerId: c.practitionerId,
    periods: periodRows,
    rows,
    totals: figuresOf(
      allWorking,
      figures.find((f) => f.period === null),
    ),
  };
}

/** Issue 19, part 3: utilisation, no-shows, late cancellations and new clients per practitioner and period. */
export const diaryReport = (scope: Scope, q: DiaryReportQuery): Promise<DiaryReport> =>
  inTenant(scope, async (tx) => buildDiaryReport(tx, await diaryCompany(tx, scope.principal.companyId), q));
