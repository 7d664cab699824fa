import { MAX_SERIES_OCCURRENCES, type SeriesFrequency } from '@pd/contracts';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

const RULE: Record<SeriesFrequency, { freq: 'WEEKLY' | 'MONTHLY'; interval: number }> = {
  weekly: { freq: 'WEEKLY', interval: 1 },
  fortnightly: { freq: 'WEEKLY', interval: 2 },
  monthly: { freq: 'MONTHLY', interval: 1 },
};

export interface Recurrence {
  frequency: SeriesFrequency;
  count?: number | undefined;
  /** The last day (YYYY-MM-DD, company's time zone) an occurrence may fall on. */
  until?: string | undefined;
}

/**
 * The series' days (YYYY-MM-DD), expanded by RFC 5545 in the company's time zone (rrule-temporal), so a
 * weekly 09:00 stays at 09:00 on the wall clock across the clock changes. A monthly series on the 29th-31st
 * skips months without that day, as RFC 5545 says. At most one more than the cap is expanded, so a caller can
 * tell "too many" from "exactly the cap". The rule is answered too, for the series row.
 * The wall-clock time of the occurrences is the caller's: every occurrence keeps it.
 */
export function expandDays(firstDay: string, timeZone: string, r: Recurrence) {
  const { freq, interval } = RULE[r.frequency];
  // Expanded at noon, which no clock change touches: RFC 5545 drops an occurrence whose local time does not
  // exist, and the diary would rather name it (400). Each occurrence's instant comes from time.ts.
  const dtstart = Temporal.PlainDateTime.from(`${firstDay}T12:00`).toZonedDateTime(timeZone);
  const until = r.until
    ? Temporal.PlainDateTime.from(`${r.until}T23:59:59`).toZonedDateTime(timeZone)
    : undefined;
  const rule = new RRuleTemporal({
    freq,
    interval,
    dtstart,
    tzid: timeZone,
    ...(r.count !== undefined ? { count: r.count } : {}),
    ...(until ? { until } : {}),
  });
  const days = rule.all((_, i) => i <= MAX_SERIES_OCCURRENCES).map((d) => d.toPlainDate().toString());
  const ruleText = `FREQ=${freq};INTERVAL=${interval};${r.count !== undefined ? `COUNT=${r.count}` : `UNTIL=${r.until?.replaceAll('-', '')}`}`;
  return { days: days.slice(0, MAX_SERIES_OCCURRENCES + 1), rule: ruleText };
}
