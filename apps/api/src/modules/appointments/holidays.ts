import { readFileSync } from 'node:fs';
import type { PublicHoliday } from '@pd/contracts';
import { z } from 'zod';

const fileSchema = z.object({
  calendars: z.record(
    z.enum(['ZA', 'UK']),
    z.object({ name: z.string(), holidays: z.array(z.tuple([z.iso.date(), z.string()])) }),
  ),
});

// Shipped data (sources in the file); read once at start-up.
const FILE = fileSchema.parse(
  JSON.parse(readFileSync(new URL('./public-holidays.json', import.meta.url), 'utf8')),
);

export const holidayCalendarName = (calendar: 'ZA' | 'UK') => FILE.calendars[calendar]?.name ?? calendar;

/** The calendar's public holidays from start to end (YYYY-MM-DD, inclusive). */
export function publicHolidays(
  calendar: 'ZA' | 'UK',
  start = '0000-01-01',
  end = '9999-12-31',
): PublicHoliday[] {
  return (FILE.calendars[calendar]?.holidays ?? [])
    .filter(([date]) => date >= start && date <= end)
    .map(([date, name]) => ({ date, name }));
}
