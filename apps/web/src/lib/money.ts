/** Display locale of a currency: the company's own conventions (R 1 234,50 or £1,234.50). */
export function moneyLocale(currency: string): string {
  return currency === 'ZAR' ? 'en-ZA' : 'en-GB';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Integer cents as money in the company currency. */
export function formatMoney(cents: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(moneyLocale(currency), { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** Amounts travel as integer cents; the input shows units with two decimals. */
export const centsToUnits = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export const unitsToCents = (units: number | null | undefined): number | null =>
  units === null || units === undefined ? null : Math.round(units * 100);
