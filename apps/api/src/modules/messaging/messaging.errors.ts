import { formatMoney } from '@pd/contracts';
import { DomainError } from '../../lib/errors.ts';

const SYMBOLS: Record<string, string> = { ZAR: 'R ', GBP: '£', USD: '$', EUR: '€' };

/**
 * Cents as money in a credit message: R 12.30, £1,234.50 (the API's messages keep a point for the rand,
 * unlike formatMoney's en-ZA 'symbol' display, so the symbol goes before its 'none' display).
 */
export function money(cents: number, currency: string): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${formatMoney(cents, currency, 'none')}`;
}

export class InsufficientCreditError extends DomainError {
  constructor(shortCents: number, currency: string) {
    super('INSUFFICIENT_CREDIT', 409, `Insufficient SMS credit: ${money(shortCents, currency)} short.`);
  }
}

export class DailyCapError extends DomainError {
  constructor(sentToday: number, cap: number, wanted: number) {
    const left = Math.max(0, cap - sentToday);
    super(
      'DAILY_CAP',
      409,
      `Daily SMS limit reached: ${sentToday} of ${cap} sent today, ${left} left; this send needs ${wanted}.`,
    );
  }
}

export class NoRecipientError extends DomainError {
  constructor(message: string) {
    super('NO_RECIPIENT', 400, message);
  }
}
