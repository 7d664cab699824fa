/**
 * The one money formatter. Amounts are integer cents everywhere; this is the only place they become text,
 * always in the company's own conventions (R 1 234,50 or £1,234.50): on screen, in every message, e-mail,
 * field error, audit entry and PDF document alike (issue 13, one money format).
 * - symbol: an amount on its own or in a sentence;
 * - none: a table column of amounts, the same number without the symbol (1 234,50 or 1,234.50).
 */
export type MoneyDisplay = 'symbol' | 'none';

/** Display locale of a currency. */
export const moneyLocale = (currency: string): string => (currency === 'ZAR' ? 'en-ZA' : 'en-GB');

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, display: MoneyDisplay): Intl.NumberFormat {
  const key = `${display}:${currency}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(
      moneyLocale(currency),
      display === 'symbol'
        ? { style: 'currency', currency }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    formatters.set(key, found);
  }
  return found;
}

export function formatMoney(cents: number, currency: string, display: MoneyDisplay = 'symbol'): string {
  return formatter(currency, display).format(cents / 100);
}

/** Amounts travel as integer cents; inputs show units with two decimals. */
export const centsToUnits = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export const unitsToCents = (units: number | null | undefined): number | null =>
  units === null || units === undefined ? null : Math.round(units * 100);
