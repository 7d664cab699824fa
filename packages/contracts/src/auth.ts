import { z } from 'zod';
import { COMPANY_TYPES, COUNTRIES, YES_NO } from './enums.ts';
import { FIELD_MESSAGES, optionalText, requiredText } from './fields.ts';

export const loginRequestSchema = z.strictObject({
  username: requiredText(100),
  /** Never trimmed: spaces are part of a password. */
  password: z
    .string({ error: FIELD_MESSAGES.required })
    .min(1, FIELD_MESSAGES.required)
    .max(200, FIELD_MESSAGES.atMost(200)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  rights: z.string(),
  enableInvoicing: z.enum(YES_NO),
  active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userConfigSchema = z.object({
  userId: z.number().int(),
  roles: z.array(z.string()),
  rights: z.string(),
  enableInvoicing: z.enum(YES_NO),
  moduleHome: z.string(),
  menuVariant: z.enum(['practice', 'evolve', 'business']),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  country: z.enum(COUNTRIES),
  region: z.string(),
  timeZone: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyConfigSchema = z.object({
  companyId: z.number().int(),
  type: z.enum(COMPANY_TYPES),
  taxRegistered: z.enum(YES_NO),
  vatNumber: z.string().nullable(),
  /** The practice number printed on medical accounts (type H). */
  practiceNumber: z.string().nullable(),
  vatRateBps: z.number().int(),
  country: z.enum(COUNTRIES),
  region: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  supportEmail: z.string(),
});
export type CompanyConfig = z.infer<typeof companyConfigSchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  expiresAt: z.string(),
  /** A session without a request for this many minutes ends (the web app warns a minute before). */
  idleMinutes: z.number().positive(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const pingResponseSchema = z.object({
  ok: z.literal(true),
  userId: z.number().int(),
  /** The user's company: the web app loads the user, their config and the company at once on reload. */
  companyId: z.number().int(),
  idleMinutes: z.number().positive(),
  /** Seconds until the session ends unless there is activity before; a background ping does not move it. */
  idleSecondsLeft: z.number().int(),
});

export const companySummarySchema = z.object({
  companyId: z.number().int(),
  clientsByStatus: z.object({ A: z.number().int(), I: z.number().int(), P: z.number().int() }),
  userCount: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** What an administrator may change in the company configuration. */
export const updateCompanyConfigSchema = z
  .strictObject({
    taxRegistered: z.enum(YES_NO),
    vatNumber: optionalText(40).nullable(),
    practiceNumber: optionalText(30).nullable(),
    /** Basis points: 1500 = 15%. */
    vatRateBps: z.number().int().min(0, FIELD_MESSAGES.vatRate).max(10_000, FIELD_MESSAGES.vatRate),
    supportEmail: z.email(FIELD_MESSAGES.email).max(254, FIELD_MESSAGES.atMost(254)),
  })
  .partial();
export type CompanyConfigUpdate = z.input<typeof updateCompanyConfigSchema>;

/** Toasts of Settings > Company (the spec's catalogue style: "Updated client."). */
export const COMPANY_CONFIG_MESSAGES = {
  updated: 'Updated company configuration.',
} as const;
