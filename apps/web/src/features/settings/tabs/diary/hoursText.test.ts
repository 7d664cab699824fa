import { describe, expect, it } from 'vitest';
import { hoursText } from './hoursText.ts';

const span = (weekday: number, start: string, end: string) => ({ weekday, start, end });

describe('hoursText', () => {
  it('is null without hours', () => {
    expect(hoursText([])).toBeNull();
  });

  it('joins consecutive days with the same spans, in weekday and time order', () => {
    const week = [1, 2, 3, 4, 5].flatMap((d) => [span(d, '14:00', '17:00'), span(d, '08:00', '13:00')]);
    expect(hoursText([span(6, '09:00', '12:00'), ...week])).toBe(
      'Mon–Fri 08:00–13:00, 14:00–17:00; Sat 09:00–12:00',
    );
  });

  it('keeps days apart when their spans differ or a day lies between', () => {
    expect(hoursText([span(1, '08:00', '17:00'), span(2, '09:30', '16:00')])).toBe(
      'Mon 08:00–17:00; Tue 09:30–16:00',
    );
    expect(hoursText([span(1, '08:00', '17:00'), span(3, '08:00', '17:00')])).toBe(
      'Mon 08:00–17:00; Wed 08:00–17:00',
    );
  });
});
