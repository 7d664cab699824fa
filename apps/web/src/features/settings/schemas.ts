import {
  type BILLING_FREQUENCIES,
  billingPlanInputSchema,
  cents,
  FIELD_MESSAGES,
  productInputSchema,
} from '@pd/contracts';
import { z } from 'zod';

/** An amount the user must fill in: an empty money input holds null until then. */
const requiredCents = z.number({ error: FIELD_MESSAGES.required }).pipe(cents);

// The contracts' input schemas, with the money fields saying "Field is required." when left empty.
export const billingPlanFormSchema = billingPlanInputSchema.extend({ amount: requiredCents });
export const productFormSchema = productInputSchema.extend({ premium: requiredCents, value: requiredCents });

type YesNo = 'Y' | 'N';

export interface BillingPlanFormValues {
  name: string;
  amount: number | null;
  frequency: (typeof BILLING_FREQUENCIES)[number];
  active: YesNo;
  bookable: YesNo;
}
export interface ProductFormValues {
  name: string;
  description: string;
  billingPlanId: number | null;
  premium: number | null;
  value: number | null;
  active: YesNo;
  tariffCode: string;
}
export interface NoteTemplateFormValues {
  subject: string;
  body: string;
}
export interface ProcessFormValues {
  name: string;
  description: string;
  active: YesNo;
}
