import { addDaysIso, isoWeekdayOf, wallClockOf, wallClockToInstant } from '@pd/contracts';

/**
 * South Africa's Consumer Protection Act, regulation 4(5): direct marketing (recall notices) never on a
 * Sunday or a public holiday, on Saturdays only from 09:00 to 13:00, on other days only from 08:00 to 20:00,
 * on the company's wall clock. The close is exclusive: 20:00 itself is outside.
 */
export function marketingWindow(date: string, isHoliday: (date: string) => boolean) {
  if (isHoliday(date)) return null;
  const weekday = isoWeekdayOf(date);
  if (weekday === 7) return null;
  return weekday === 6 ? { open: '09:00', close: '13:00' } : { open: '08:00', close: '20:00' };
}

/**
 * The instant itself when a marketing message may go then, else the start of the next window (at most a
 * few days on: a long weekend of holidays).
 */
export function nextMarketingInstant(
  instant: Date,
  timeZone: string,
  isHoliday: (date: string) => boolean,
): Date {
  let date = wallClockOf(instant, timeZone).date;
  for (let day = 0; day < 31; day++, date = addDaysIso(date, 1)) {
    const window = marketingWindow(date, isHoliday);
    if (!window) continue;
    const open = wallClockToInstant(date, window.open, timeZone);
    const close = wallClockToInstant(date, window.close, timeZone);
    if (!open || !close || instant >= close) continue;
    return instant < open ? open : instant;
  }
  throw new RangeError('No marketing window within a month');
}
