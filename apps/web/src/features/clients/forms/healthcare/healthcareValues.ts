import {
  type ClientConfig,
  type ClientConfigInput,
  FIELD_MESSAGES,
  type Icd10Code,
  normaliseMobile,
  type Provider,
  updateClientConfigSchema,
  type YesNo,
} from '@pd/contracts';
import { z } from 'zod';
import { checkWith, formSchema } from '../../../../lib/forms/formSchema.ts';
import type { PickValue } from '../clientFormValues.ts';

export const DIAGNOSIS_FIELDS = [
  'diagnosisCode1',
  'diagnosisCode2',
  'diagnosisCode3',
  'diagnosisCode4',
  'diagnosisCode5',
] as const;
export const YES_NO_FIELDS = ['inHospital', 'pmb'] as const;
export const TEXT_FIELDS = [
  'medicalName',
  'medicalNumber',
  'medicalPlan',
  'medicalMemberFirstname',
  'medicalMemberLastname',
  'medicalMemberInitials',
  'medicalMemberId',
  'medicalMemberCode',
  'medicalDependantFirstname',
  'medicalDependantLastname',
  'medicalDependantInitials',
  'medicalDependantId',
  'medicalDependantCode',
  'claimPreference',
  'authorisation',
  'referringFirstname',
  'referringLastname',
  'referringEmail',
  'referringMobile',
  'referringRegistrationNumber',
  'referringPracticeNumber',
  'referringQualification',
  'rafLinkNumber',
  'region',
] as const;

export type Icd10Choice = Icd10Code & { label: string };
export type ProviderChoice = Pick<Provider, 'id' | 'name'> & Partial<Provider>;

export type HealthcareFormValues = Record<(typeof DIAGNOSIS_FIELDS)[number], PickValue<Icd10Choice>> &
  Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof YES_NO_FIELDS)[number], YesNo | null> & { provider: PickValue<ProviderChoice> };

/** "CODE — description", as the picker lists and shows a diagnosis. */
export const icd10Choice = (code: Icd10Code): Icd10Choice => ({
  ...code,
  label: code.description ? `${code.code} — ${code.description}` : code.code,
});

/** The API's wording for the same check (client-config.service.ts), shown as soon as a code is chosen. */
export const primaryWarning = FIELD_MESSAGES.notPrimaryDiagnosis;

export function configToValues(config: ClientConfig): HealthcareFormValues {
  const diagnoses = Object.fromEntries(
    DIAGNOSIS_FIELDS.map((key, i) => {
      const known = config.diagnoses.find((d) => d.slot === i + 1);
      const code = config[key];
      const unknown = {
        code: String(code),
        description: '',
        validPrimary: true,
        validAsterisk: false,
        validDagger: false,
      };
      return [key, known ? icd10Choice(known) : typeof code === 'string' ? icd10Choice(unknown) : null];
    }),
  );
  const texts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, (config[k] as string | null) ?? '']));
  const yesNo = Object.fromEntries(YES_NO_FIELDS.map((k) => [k, (config[k] as YesNo | null) ?? null]));
  const providerId = config.providerId;
  const provider =
    typeof providerId === 'number'
      ? { id: providerId, name: config.providerName ?? `Provider ${providerId}` }
      : null;
  return { ...diagnoses, ...texts, ...yesNo, provider } as HealthcareFormValues;
}

/** Every field, trimmed; a blank is sent as null so the API clears it. Unchosen picker text is a problem. */
export function valuesToConfig(values: HealthcareFormValues): {
  input: ClientConfigInput;
  unchosen: string[];
} {
  const unchosen: string[] = [];
  const choice = <T extends object>(key: string, v: PickValue<T>): T | null => {
    if (typeof v === 'string') {
      if (v.trim()) unchosen.push(key);
      return null;
    }
    return v;
  };
  const input: Record<string, unknown> = {};
  for (const key of DIAGNOSIS_FIELDS) input[key] = choice(key, values[key])?.code ?? null;
  for (const key of TEXT_FIELDS) input[key] = values[key].trim() || null;
  for (const key of YES_NO_FIELDS) input[key] = values[key] ?? null;
  input.providerId = choice('provider', values.provider)?.id ?? null;
  return { input: input as ClientConfigInput, unchosen };
}

export const healthcareFieldOf = (path: string) => {
  const key = path.replace(/^body\./, '');
  return key === 'providerId' ? 'provider' : key;
};

/**
 * The healthcare form checked as the API checks the details, before anything is sent: the contracts'
 * updateClientConfigSchema (lengths) on the input the form would send, then the e-mail and the mobile of
 * the referring practitioner; a picker holding typed text that names nothing is refused too.
 */
export const healthcareFormSchema = (country: string) =>
  formSchema<HealthcareFormValues, ClientConfigInput>((values, problem) => {
    const { input, unchosen } = valuesToConfig(values);
    for (const path of unchosen) problem(path, FIELD_MESSAGES.chooseFromList);
    checkWith(updateClientConfigSchema, input, problem, healthcareFieldOf);
    if (input.referringEmail && !z.email().safeParse(input.referringEmail).success)
      problem('referringEmail', FIELD_MESSAGES.email);
    if (input.referringMobile && !normaliseMobile(input.referringMobile, country))
      problem('referringMobile', FIELD_MESSAGES.mobileFor(country));
    return input;
  });

/** Accordion tab of each field: Diagnostic, Health Insurance, Referring Practitioner, Road Accident Fund. */
export function tabOf(field: string): number {
  if (field.startsWith('diagnosisCode')) return 0;
  if (field.startsWith('referring')) return 2;
  if (field === 'rafLinkNumber' || field === 'region') return 3;
  return 1;
}
