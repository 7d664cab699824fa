import { z } from 'zod';
import { CLIENT_STATUSES, YES_NO } from './enums.ts';
import { cents, idField, isoDate, optionalText, requiredText } from './fields.ts';

export const BILLING_FREQUENCIES = ['once', 'monthly', 'quarterly', 'annually'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

/** Billing plan (fields chosen for this product; the spec does not show them). */
const billingPlanFields = {
  name: requiredText(100),
  amount: cents,
  frequency: z.enum(BILLING_FREQUENCIES),
  active: z.enum(YES_NO),
  bookable: z.enum(YES_NO),
};
/** Create: active, not bookable, unless said otherwise. */
export const billingPlanInputSchema = z.strictObject({
  ...billingPlanFields,
  active: billingPlanFields.active.default('Y'),
  bookable: billingPlanFields.bookable.default('N'),
});
export type BillingPlanInput = z.infer<typeof billingPlanInputSchema>;
/** Update: only the fields sent change. */
export const billingPlanUpdateSchema = z.strictObject(billingPlanFields).partial();
export type BillingPlanUpdate = z.output<typeof billingPlanUpdateSchema>;
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
const productFields = {
  name: requiredText(100),
  description: optionalText(2000).nullish(),
  billingPlanId: idField.nullish(),
  premium: cents,
  value: cents,
  active: z.enum(YES_NO),
  /** Tariff code printed per line on the medical accounts of a type H company. */
  tariffCode: optionalText(20).nullish(),
};
/** Create: active unless said otherwise. */
export const productInputSchema = z.strictObject({
  ...productFields,
  active: productFields.active.default('Y'),
});
export type ProductInput = z.infer<typeof productInputSchema>;
/** Update: only the fields sent change. */
export const productUpdateSchema = z.strictObject(productFields).partial();
export type ProductUpdate = z.output<typeof productUpdateSchema>;
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
  tariffCode: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** Spec section 3, Client product. created and updated are read-only. */
const clientProductFields = {
  name: productFields.name,
  description: productFields.description,
  billingPlanId: productFields.billingPlanId,
  premium: cents,
  value: cents,
  inception: isoDate.nullish(),
  termination: isoDate.nullish(),
  status: z.enum(CLIENT_STATUSES),
};
/** A client product is made from a company product (no body); an update changes only the fields sent. */
export const clientProductUpdateSchema = z.strictObject(clientProductFields).partial();
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
const processFields = {
  name: requiredText(100),
  description: optionalText(2000).nullish(),
  active: z.enum(YES_NO),
};
/** Create: an absent active means Y. */
export const processInputSchema = z.strictObject({
  ...processFields,
  active: processFields.active.default('Y'),
});
export type ProcessInput = z.output<typeof processInputSchema>;
/** Update: only the fields sent change (no defaults, so absent stays absent). */
export const processUpdateSchema = z.strictObject(processFields).partial();
export type ProcessUpdate = z.output<typeof processUpdateSchema>;
export const processSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.enum(YES_NO),
});
export type Process = z.infer<typeof processSchema>;
