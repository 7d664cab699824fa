import { formatMoney } from '@pd/contracts';
import { DomainError } from '../../lib/errors.ts';

export class InsufficientCreditError extends DomainError {
  constructor(shortCents: number, currency: string) {
    super('INSUFFICIENT_CREDIT', 409, `Insufficient SMS credit: ${formatMoney(shortCents, currency)} short.`);
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
