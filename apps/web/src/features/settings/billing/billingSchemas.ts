import {
  billingSettingsUpdateSchema,
  FIELD_MESSAGES,
  todayIn,
  UNPAID_TYPES,
  type UnpaidType,
} from '@pd/contracts';
import { z } from 'zod';

const days = (min: number, max: number, message: string) =>
  z.number({ error: FIELD_MESSAGES.required }).int(message).min(min, message).max(max, message);

// The contracts' schema, every field required, with the words a person needs when one is out of bounds.
export const billingSettingsFormSchema = billingSettingsUpdateSchema.required().extend({
  paymentTermsDays: days(0, 365, FIELD_MESSAGES.daysFromTo(0, 365)),
  unpaidIntervalDays: days(1, 365, FIELD_MESSAGES.daysFromTo(1, 365)),
  billingDay: days(1, 28, FIELD_MESSAGES.billingDay),
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
export const currentPeriod = (timeZone: string, now = new Date()): string =>
  todayIn(timeZone, now).slice(0, 7);

/** "1 invoice", "3 invoices". */
export const count = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;
