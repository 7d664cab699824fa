import { minutesOfDay } from '@pd/contracts';

/** Busy spans of one practitioner or room, searchable: sorted by start, with the running latest end. */
export class BusyIndex {
  private readonly starts: number[] = [];
  private readonly maxEnds: number[] = [];

  constructor(spans: { start: Date; end: Date }[]) {
    const sorted = spans
      .map((s) => [s.start.getTime(), s.end.getTime()] as const)
      .sort((a, b) => a[0] - b[0]);
    let latest = Number.NEGATIVE_INFINITY;
    for (const [start, end] of sorted) {
      latest = Math.max(latest, end);
      this.starts.push(start);
      this.maxEnds.push(latest);
    }
  }

  /** Whether anything busy overlaps [start, end) (half-open: touching is free). */
  overlaps(start: number, end: number): boolean {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? 0) < end) lo = mid + 1;
      else hi = mid;
    }
    // lo = how many begin before end; the latest end among them decides.
    return lo > 0 && (this.maxEnds[lo - 1] ?? 0) > start;
  }
}

export interface MinuteRange {
  from: number;
  to: number;
}

/** Working intervals (minutes of the day) less the ranges taken out (leave for part of a day). */
export function subtractRanges(intervals: MinuteRange[], takeOut: MinuteRange[]): MinuteRange[] {
  let free = intervals;
  for (const cut of takeOut) {
    free = free.flatMap((i) => {
      if (cut.to <= i.from || cut.from >= i.to) return [i];
      const left = cut.from > i.from ? [{ from: i.from, to: cut.from }] : [];
      const right = cut.to < i.to ? [{ from: cut.to, to: i.to }] : [];
      return [...left, ...right];
    });
  }
  return free;
}

/** A practitioner's weekly hours and the exceptions (leave, closures) that may touch a day. */
export interface WorkingWeek {
  userId: number;
  hours: { weekday: number; start: string; end: string }[];
}
export interface AwayTime {
  practitionerId: number | null;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

/**
 * The practitioner's working intervals on a day (ISO weekday given): the weekly hours less the exceptions of
 * the practitioner or the whole practice on that day; none when one of them takes the whole day.
 */
export function workingRangesOn(day: string, weekday: number, p: WorkingWeek, exceptions: AwayTime[]) {
  const away = exceptions.filter(
    (e) =>
      (e.practitionerId === null || e.practitionerId === p.userId) && e.startDate <= day && e.endDate >= day,
  );
  if (away.some((e) => !e.startTime)) return [];
  const hours = p.hours.filter((h) => h.weekday === weekday).map((h) => rangeOf(h.start, h.end));
  return subtractRanges(
    hours,
    away.map((e) => rangeOf(e.startTime ?? '00:00', e.endTime ?? '24:00')),
  );
}

export const rangeOf = (start: string, end: string): MinuteRange => ({
  from: minutesOfDay(start),
  to: minutesOfDay(end),
});
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
