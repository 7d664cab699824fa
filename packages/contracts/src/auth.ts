import { z } from 'zod';
import { COMPANY_TYPES, COUNTRIES, YES_NO } from './enums.ts';

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const loginRequestSchema = z.strictObject({
  username: trimmed(100),
  password: z.string().min(1).max(200),
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
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const pingResponseSchema = z.object({ ok: z.literal(true), userId: z.number().int() });

export const companySummarySchema = z.object({
  companyId: z.number().int(),
  clientsByStatus: z.object({ A: z.number().int(), I: z.number().int(), P: z.number().int() }),
  userCount: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What an administrator may change in the company configuration. */
export const updateCompanyConfigSchema = z
  .strictObject({
    taxRegistered: z.enum(YES_NO),
    vatNumber: z.string().trim().max(40).nullable(),
    /** Basis points: 1500 = 15%. */
    vatRateBps: z.number().int().min(0).max(10_000),
    supportEmail: z.email().max(254),
  })
  .partial();
