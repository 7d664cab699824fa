import type { WorkingInterval } from '@pd/contracts';

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Weekly hours in a line, consecutive days with the same spans joined: "Mon–Fri 08:00–13:00, 14:00–17:00;
 * Sat 09:00–12:00". Null when there are none.
 */
export function hoursText(hours: WorkingInterval[]): string | null {
  if (hours.length === 0) return null;
  const sorted = [...hours].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  const days = new Map<number, string>();
  for (const h of sorted) {
    const span = `${h.start}–${h.end}`;
    const before = days.get(h.weekday);
    days.set(h.weekday, before ? `${before}, ${span}` : span);
  }
  const runs: { first: number; last: number; spans: string }[] = [];
  for (const [day, spans] of days) {
    const run = runs.at(-1);
    if (run && run.last === day - 1 && run.spans === spans) run.last = day;
    else runs.push({ first: day, last: day, spans });
  }
  const name = (day: number) => SHORT_DAYS[day - 1] ?? String(day);
  return runs
    .map(
      ({ first, last, spans }) => `${first === last ? name(first) : `${name(first)}–${name(last)}`} ${spans}`,
    )
    .join('; ');
}
