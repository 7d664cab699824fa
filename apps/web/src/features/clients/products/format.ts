import { useCompanyConfig } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';

export { centsToUnits, formatMoney, moneyLocale, unitsToCents } from '../../../lib/money.ts';

/** The company currency; until its configuration arrives, the one its country uses. */
export function useCurrency(): string {
  const { user, company } = useSession();
  const config = useCompanyConfig(user.companyId);
  return config.data?.currency ?? (company.country === 'ZA' ? 'ZAR' : 'GBP');
}

/** The company's display time zone (ZA: Africa/Johannesburg, otherwise Europe/London). */
export function useTimeZone(): string {
  return useSession().company.timeZone;
}

/** An instant (ISO) as the company's local date and time, e.g. 2026-05-17 14:05. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** How far the time zone is ahead of UTC at that instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const at = (type: string) => parts[type] ?? 0;
  const asUtc = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The date and time picked on the screen (its wall-clock fields) read in the company's time zone, as the
 * UTC instant the API stores: a London adviser's 09:00 is 09:00 in London whatever the browser's zone.
 */
export function companyWallTimeToIso(picked: Date, timeZone: string): string {
  const wall = Date.UTC(
    picked.getFullYear(),
    picked.getMonth(),
    picked.getDate(),
    picked.getHours(),
    picked.getMinutes(),
  );
  let instant = wall - zoneOffsetMs(wall, timeZone);
  // Around a clock change the first guess can land on the other side of it.
  const second = wall - zoneOffsetMs(instant, timeZone);
  if (second !== instant) instant = second;
  return new Date(instant).toISOString();
}
