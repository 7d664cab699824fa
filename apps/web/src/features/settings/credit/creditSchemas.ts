import { creditTopUpSchema, FIELD_MESSAGES, optionalText, smsSettingsSchema } from '@pd/contracts';
import { z } from 'zod';

const M = FIELD_MESSAGES;
const whole = (min: number, max: number, tooSmall: string, tooBig: string) =>
  z.number({ error: M.required }).int().min(min, tooSmall).max(max, tooBig);

// The contracts' schemas with the words a person needs when a field is empty or out of bounds.
export const topUpFormSchema = creditTopUpSchema.extend({
  amountCents: whole(100, 100_000_000, M.topUpAtLeast, M.topUpAtMost),
  note: optionalText(200),
});
export const smsSettingsFormSchema = smsSettingsSchema.extend({
  dailyCap: whole(0, 1_000_000, M.zeroOrMore, M.dailyCapAtMost),
  segmentPriceCents: whole(0, 100_000, M.zeroOrMore, M.segmentPriceAtMost),
});

export interface TopUpFormValues {
  amountCents: number | null;
  note: string;
}
export interface SmsSettingsFormValues {
  dailyCap: number | null;
  segmentPriceCents: number | null;
}
