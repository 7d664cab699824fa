import { describe, expect, it } from 'vitest';
import { centsToUnits, formatMoney, unitsToCents } from './money.ts';

describe('formatMoney', () => {
  it('shows the company currency its own way on screen', () => {
    expect(formatMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(123450, 'ZAR').replace(/\s/g, ' ')).toBe('R 1 234,50');
  });
  it('writes document columns as the same number without the symbol', () => {
    expect(formatMoney(-123456, 'GBP', 'none')).toBe('-1,234.56');
    expect(formatMoney(5, 'GBP', 'none')).toBe('0.05');
    expect(formatMoney(123456789, 'ZAR', 'none').replace(/\s/g, ' ')).toBe('1 234 567,89');
  });
  it('converts units and cents without float drift', () => {
    expect(unitsToCents(19.99)).toBe(1999);
    expect(centsToUnits(1999)).toBe(19.99);
    expect(unitsToCents(null)).toBeNull();
  });
});
