import { addDaysIso, formatMoney, todayIn } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { formatRate, invoiceTotals, lineTotals, vatByRate, vatOf } from './invoice-totals.ts';

describe('invoice arithmetic', () => {
  it('rounds VAT half up per line', () => {
    expect(vatOf(10, 1500)).toBe(2); // 1.5
    expect(vatOf(3, 1500)).toBe(0); // 0.45
    expect(vatOf(7, 1500)).toBe(1); // 1.05
    expect(vatOf(1, 5000)).toBe(1); // 0.5
    expect(vatOf(99_999_999_999, 2000)).toBe(20_000_000_000); // 19,999,999,999.8
    expect(() => vatOf(-1, 1500)).toThrow();
  });

  it('sums rounded lines, so printed lines add up to the total', () => {
    const lines = [
      lineTotals({ quantity: 1, unitPriceCents: 10 }, 1500),
      lineTotals({ quantity: 1, unitPriceCents: 10 }, 1500),
    ];
    expect(invoiceTotals(lines)).toEqual({ subtotalCents: 20, vatCents: 4, totalCents: 24 });
    expect(vatByRate([...lines, lineTotals({ quantity: 2, unitPriceCents: 100 }, 0)])).toEqual([
      { vatRateBps: 1500, netCents: 20, vatCents: 4 },
      { vatRateBps: 0, netCents: 200, vatCents: 0 },
    ]);
  });

  it('formats money, rates and dates', () => {
    expect(formatMoney(123_456_789, 'ZAR', 'none').replace(/\s/g, ' ')).toBe('1 234 567,89');
    expect(formatMoney(5, 'GBP', 'none')).toBe('0.05');
    expect(formatRate(1500)).toBe('15%');
    expect(formatRate(1250)).toBe('12.5%');
    // What the PDFs, e-mails and audit entries print: the format the screens show.
    expect(formatMoney(59_800, 'ZAR').replace(/\s/g, ' ')).toBe('R 598,00');
    expect(addDaysIso('2026-01-31', 30)).toBe('2026-03-02');
    // 22:30 UTC on 31 December is already New Year's Day in Johannesburg, not yet in London.
    const late = new Date('2025-12-31T22:30:00Z');
    expect(todayIn('Africa/Johannesburg', late)).toBe('2026-01-01');
    expect(todayIn('Europe/London', late)).toBe('2025-12-31');
  });
});
