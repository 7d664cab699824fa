/**
 * The one money formatter. Amounts are integer cents everywhere; this is the only place they become text.
 * - symbol: the company's own conventions, on screen and in every message, e-mail, field error and audit entry
 *   (R 1 234,50 or £1,234.50): one format wherever people read an amount in a sentence (issue 13);
 * - code: totals printed in PDF documents beside columns without a symbol (ZAR 1,234.50);
 * - none: document columns whose heading names the currency (1,234.50).
 */
export type MoneyDisplay = 'symbol' | 'code' | 'none';

/** Display locale of a currency. */
export const moneyLocale = (currency: string): string => (currency === 'ZAR' ? 'en-ZA' : 'en-GB');

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

export function formatMoney(cents: number, currency: string, display: MoneyDisplay = 'symbol'): string {
  if (display === 'symbol') {
    return formatter(
      `symbol:${currency}`,
      () => new Intl.NumberFormat(moneyLocale(currency), { style: 'currency', currency }),
    ).format(cents / 100);
  }
  const plain = formatter(
    'plain',
    () => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(cents / 100);
  return display === 'code' ? `${currency} ${plain}` : plain;
}

/** Amounts travel as integer cents; inputs show units with two decimals. */
export const centsToUnits = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export const unitsToCents = (units: number | null | undefined): number | null =>
  units === null || units === undefined ? null : Math.round(units * 100);
