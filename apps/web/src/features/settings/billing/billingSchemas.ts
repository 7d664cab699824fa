import { billingSettingsUpdateSchema, OTHER_MESSAGES, UNPAID_TYPES, type UnpaidType } from '@pd/contracts';
import { z } from 'zod';

const days = (min: number, max: number, message: string) =>
  z.number({ error: OTHER_MESSAGES.fieldRequired }).int(message).min(min, message).max(max, message);

// The contracts' schema, every field required, with the words a person needs when one is out of bounds.
export const billingSettingsFormSchema = billingSettingsUpdateSchema.required().extend({
  paymentTermsDays: days(0, 365, 'From 0 to 365 days.'),
  unpaidIntervalDays: days(1, 365, 'From 1 to 365 days.'),
  billingDay: days(1, 28, 'A day from 1 to 28 (every month has those).'),
});

export interface BillingSettingsFormValues {
  paymentTermsDays: number | null;
  unpaidLadder: UnpaidType[];
  unpaidIntervalDays: number | null;
  billingDay: number | null;
}

/** "G: Gentle notice", as the unpaid notice panel names the types. */
export function ladderStepLabel(type: UnpaidType): string {
  const name = UNPAID_TYPES[type];
  return `${type}: ${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** YYYY-MM or YYYY-MM-DD as "December 2026". */
export function monthLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return MONTH.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** This month in the company's time zone as YYYY-MM (the API's default period). */
export function currentPeriod(timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}`;
}

/** "1 invoice", "3 invoices". */
export const count = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;
