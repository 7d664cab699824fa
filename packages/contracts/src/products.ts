import { z } from 'zod';
import { CLIENT_STATUSES, YES_NO } from './enums.ts';

/** Amounts are integer cents; 10 million in the currency is a sane upper bound for one line. */
export const cents = z
  .number()
  .int('Amounts are whole cents.')
  .min(0, 'Amounts cannot be negative.')
  .max(1_000_000_000);
const name = z.string({ error: 'Field is required.' }).trim().min(1, 'Field is required.').max(100);
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.');

export const BILLING_FREQUENCIES = ['once', 'monthly', 'quarterly', 'annually'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

/** Billing plan (fields chosen for this product; the spec does not show them). */
export const billingPlanInputSchema = z.strictObject({
  name,
  amount: cents,
  frequency: z.enum(BILLING_FREQUENCIES),
  active: z.enum(YES_NO).default('Y'),
  bookable: z.enum(YES_NO).default('N'),
});
export type BillingPlanInput = z.infer<typeof billingPlanInputSchema>;
export const billingPlanSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  frequency: z.enum(BILLING_FREQUENCIES),
  active: z.enum(YES_NO),
  bookable: z.enum(YES_NO),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/** Company product: what a client can take up, with its default billing plan. */
export const productInputSchema = z.strictObject({
  name,
  description: z.string().trim().max(2000).nullish(),
  billingPlanId: z.number().int().positive().nullish(),
  premium: cents,
  value: cents,
  active: z.enum(YES_NO).default('Y'),
});
export type ProductInput = z.infer<typeof productInputSchema>;
export const productSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  billingPlanId: z.number().int().nullable(),
  billingPlanName: z.string().nullable(),
  premium: z.number().int(),
  value: z.number().int(),
  active: z.enum(YES_NO),
});
export type Product = z.infer<typeof productSchema>;

/** Spec section 3, Client product. created and updated are read-only. */
export const clientProductUpdateSchema = z
  .strictObject({
    name,
    description: z.string().trim().max(2000).nullish(),
    billingPlanId: z.number().int().positive().nullish(),
    premium: cents,
    value: cents,
    inception: isoDate.nullish(),
    termination: isoDate.nullish(),
    status: z.enum(CLIENT_STATUSES),
  })
  .partial();
export type ClientProductUpdate = z.infer<typeof clientProductUpdateSchema>;
export const clientProductSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  productId: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  billingPlanId: z.number().int().nullable(),
  billingPlanName: z.string().nullable(),
  premium: z.number().int(),
  value: z.number().int(),
  inception: z.string().nullable(),
  termination: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  created: z.string(),
  updated: z.string(),
});
export type ClientProduct = z.infer<typeof clientProductSchema>;

/** Process: company-scoped records that tasks belong to. */
export const processInputSchema = z.strictObject({
  name,
  description: z.string().trim().max(2000).nullish(),
  active: z.enum(YES_NO).default('Y'),
});
export const processSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.enum(YES_NO),
});
export type Process = z.infer<typeof processSchema>;
