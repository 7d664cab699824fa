import { describe, expect, it } from 'vitest';
import { formatDuration, pageFromFirstRow, taskTypesFor } from './tasks.ts';

describe('task helpers', () => {
  it.each([
    [0, '0 secs'],
    [1, '1 sec'],
    [59, '59 secs'],
    [60, '1 min'],
    [61, '1 min 1 sec'],
    [3600, '1 hr'],
    [7322, '2 hrs 2 mins 2 secs'],
    [86_400, '1 day'],
    [86_400 + 7200 + 60 + 5, '1 day 2 hrs 1 min 5 secs'],
    [2 * 86_400 + 3600, '2 days 1 hr'],
  ])('formatDuration(%i) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('page number is first row / rows per page + 1', () => {
    expect(pageFromFirstRow(0, 10)).toBe(1);
    expect(pageFromFirstRow(10, 10)).toBe(2);
    expect(pageFromFirstRow(200, 100)).toBe(3);
  });

  it('company type F adds D, E, F, G and H to the task types', () => {
    expect(Object.keys(taskTypesFor('H'))).toEqual(['S', 'B', 'C', 'U', 'P', 'O']);
    expect(Object.keys(taskTypesFor('F'))).toEqual(['S', 'B', 'C', 'U', 'P', 'O', 'D', 'E', 'F', 'G', 'H']);
  });
});
