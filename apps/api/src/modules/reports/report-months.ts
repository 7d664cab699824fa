import {
  addMonthsIso,
  lastDayOfMonthIso,
  monthsBetween,
  REPORT_MAX_MONTHS,
  REPORT_MAX_YEARS,
  wallClockToInstant,
} from '@pd/contracts';
import { ValidationError } from '../../lib/errors.ts';

export const invalidQuery = (field: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path: `querystring.${field}`, message }]);

/** A month of a report: its last day, and the instants it starts and ends in the company's time zone. */
export interface ReportMonth {
  month: string;
  last: string;
  start: Date;
  end: Date;
}

const DEFAULT_MONTHS = 12;

/** The longest range a report takes, and how its refusal says it. */
export interface MonthLimit {
  months: number;
  words: string;
}
const TEN_YEARS: MonthLimit = { months: REPORT_MAX_MONTHS, words: `${REPORT_MAX_YEARS} years` };

/**
 * The months asked for by `?from&to` (YYYY-MM): default the 12 ending this month; only `from`: 12 from it (not
 * past this month); only `to`: the 12 ending with it. None after this month, at most `limit` (ten years unless
 * the report says otherwise); 400s naming the field otherwise.
 */
export function reportMonths(
  company: { today: string; timeZone: string },
  q: { from?: string | undefined; to?: string | undefined },
  limit: MonthLimit = TEN_YEARS,
): ReportMonth[] {
  const thisMonth = company.today.slice(0, 7);
  const fromPlusDefault = q.from ? addMonthsIso(q.from, DEFAULT_MONTHS - 1) : thisMonth;
  const to = q.to ?? ([fromPlusDefault, thisMonth].sort()[0] as string);
  const from = q.from ?? addMonthsIso(to, -(DEFAULT_MONTHS - 1));
  if (q.from && q.from > thisMonth) throw invalidQuery('from', 'The first month cannot be after this month.');
  if (to > thisMonth) throw invalidQuery('to', 'The last month cannot be after this month.');
  if (to < from) throw invalidQuery('to', 'The last month cannot be before the first.');
  if (monthsBetween(from, to) > limit.months) {
    throw invalidQuery('from', `The range cannot be more than ${limit.words}.`);
  }
  return Array.from({ length: monthsBetween(from, to) }, (_, k) => {
    const month = addMonthsIso(from, k);
    const start = wallClockToInstant(`${month}-01`, '00:00', company.timeZone);
    const end = wallClockToInstant(`${addMonthsIso(month, 1)}-01`, '00:00', company.timeZone);
    if (!start || !end) throw invalidQuery(k === 0 ? 'from' : 'to', 'Not a month.');
    return { month, last: lastDayOfMonthIso(month), start, end };
  });
}
