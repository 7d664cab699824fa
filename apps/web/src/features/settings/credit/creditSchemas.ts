import { creditTopUpSchema, OTHER_MESSAGES, smsSettingsSchema } from '@pd/contracts';
import { z } from 'zod';

const whole = (min: number, max: number, tooSmall: string, tooBig: string) =>
  z.number({ error: OTHER_MESSAGES.fieldRequired }).int().min(min, tooSmall).max(max, tooBig);

// The contracts' schemas with the words a person needs when a field is empty or out of bounds.
export const topUpFormSchema = creditTopUpSchema.extend({
  amountCents: whole(100, 100_000_000, 'At least 1.00 per top-up.', 'At most 1,000,000.00 per top-up.'),
  note: z.string().trim().max(200, 'At most 200 characters.'),
});
export const smsSettingsFormSchema = smsSettingsSchema.extend({
  dailyCap: whole(0, 1_000_000, 'Zero or more.', 'At most 1,000,000 a day.'),
  segmentPriceCents: whole(0, 100_000, 'Zero or more.', 'At most 1,000.00 a segment.'),
});

export interface TopUpFormValues {
  amountCents: number | null;
  note: string;
}
export interface SmsSettingsFormValues {
  dailyCap: number | null;
  segmentPriceCents: number | null;
}
