import { z } from 'zod';
import { YES_NO } from './enums.ts';
import { FIELD_MESSAGES, idField, optionalText } from './fields.ts';

const text = (max: number) => optionalText(max).nullish();

/** A diagnosis may arrive as the code itself or as the chosen ICD-10 object ({ code, ... }). */
const diagnosis = z.preprocess(
  (v) => (v && typeof v === 'object' && 'code' in v ? (v as { code: unknown }).code : v),
  z.string().trim().toUpperCase().max(10, FIELD_MESSAGES.atMost(10)).nullish(),
);

/** Spec section 3, "Client configuration (type H)". */
export const clientConfigFields = {
  diagnosisCode1: diagnosis,
  diagnosisCode2: diagnosis,
  diagnosisCode3: diagnosis,
  diagnosisCode4: diagnosis,
  diagnosisCode5: diagnosis,
  providerId: idField.nullish(),
  medicalName: text(100),
  medicalNumber: text(50),
  medicalPlan: text(100),
  medicalMemberFirstname: text(100),
  medicalMemberLastname: text(100),
  medicalMemberInitials: text(10),
  medicalMemberId: text(30),
  medicalMemberCode: text(10),
  medicalDependantFirstname: text(100),
  medicalDependantLastname: text(100),
  medicalDependantInitials: text(10),
  medicalDependantId: text(30),
  medicalDependantCode: text(10),
  claimPreference: text(50),
  authorisation: text(50),
  inHospital: z.enum(YES_NO).nullish(),
  pmb: z.enum(YES_NO).nullish(),
  referringFirstname: text(100),
  referringLastname: text(100),
  referringEmail: text(254),
  referringMobile: text(30),
  referringRegistrationNumber: text(50),
  referringPracticeNumber: text(50),
  referringQualification: text(100),
  rafLinkNumber: text(50),
  region: text(100),
};
export const CLIENT_CONFIG_KEYS = Object.keys(clientConfigFields) as (keyof typeof clientConfigFields)[];

export const updateClientConfigSchema = z.strictObject(clientConfigFields).partial();
export type ClientConfigInput = z.infer<typeof updateClientConfigSchema>;

export const icd10CodeSchema = z.object({
  code: z.string(),
  description: z.string(),
  validPrimary: z.boolean(),
  validAsterisk: z.boolean(),
  validDagger: z.boolean(),
});
export type Icd10Code = z.infer<typeof icd10CodeSchema>;

export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  practiceNumber: z.string().nullable(),
  kind: z.string().nullable(),
});
export type Provider = z.infer<typeof providerSchema>;

const nullableString = z.string().nullable();
export const clientConfigSchema = z.object({
  clientId: z.number().int(),
  ...Object.fromEntries(
    CLIENT_CONFIG_KEYS.map((k) => [k, k === 'providerId' ? z.number().int().nullable() : nullableString]),
  ),
  providerName: nullableString,
  /** The chosen diagnoses with their descriptions, in slot order 1 to 5. */
  diagnoses: z.array(icd10CodeSchema.extend({ slot: z.number().int() })),
  /** Not errors: e.g. an asterisk code chosen as the primary diagnosis. */
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ClientConfig = z.infer<typeof clientConfigSchema> &
  Record<(typeof CLIENT_CONFIG_KEYS)[number], string | number | null>;

export const ICD10_SEARCH_LIMIT = 20;
