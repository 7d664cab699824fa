// Spec section 3, "Enumerations", and the Y/N and status values used across entities.
export const COMPANY_TYPES = ['H', 'F'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];

export const COUNTRIES = [
  'UK',
  'ZA',
  'IN',
  'US',
  'NA',
  'AU',
  'NZ',
  'BR',
  'CN',
  'EG',
  'FR',
  'DE',
  'JP',
  'ES',
  'SV',
] as const;
export type Country = (typeof COUNTRIES)[number];

export const ZA_REGIONS = [
  'Gauteng',
  'Western Cape',
  'Kwa-Zulu Natal',
  'North-West',
  'Free State',
  'Eastern Cape',
  'Mpumalanga',
  'Northern Cape',
] as const;

export const CLIENT_TYPES = ['N', 'J'] as const;
export const CLIENT_STATUSES = ['A', 'I', 'P'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const STANDARD_FILTERS = ['active', 'inactive', 'pending', 'natural', 'juristic'] as const;
export const GENDERS = ['M', 'F', 'O'] as const;

export const TASK_TYPES_ALL = {
  S: 'software support',
  B: 'billing',
  C: 'scheduling',
  U: 'unpaids management',
  P: 'payment management',
  O: 'other',
} as const;
export const TASK_TYPES_F = {
  D: 'administration',
  E: 'new business',
  F: 'benefit query',
  G: 'authorisation',
  H: 'claims',
} as const;
export const TASK_STATUSES = {
  I: 'initiated',
  W: 'working on it',
  C: 'completed',
  R: 'rejected and closed',
} as const;
export const UNPAID_TYPES = {
  M: 'member liable',
  G: 'gentle notice',
  F: 'first notice',
  S: 'final notice',
  L: 'litigation notice',
  C: 'account internally written off',
} as const;
export const AUDIT_SUB_PROCESSES = ['Unpaids Management', 'Client Management', 'Billing Management'] as const;
export const IMPORT_FORMATS = { '001': 'Evexia form PDF', '002': 'Netcare form PDF' } as const;

/** Default VAT rate per country in basis points (ZA 15%, UK 20%); editable per company. */
export function defaultVatRateBps(country: string): number {
  if (country === 'ZA') return 1500;
  if (country === 'UK') return 2000;
  return 0;
}

/** Spec section 9: Africa/Johannesburg for region ZA, Europe/London otherwise. */
export function timeZoneFor(region: string): string {
  return region === 'ZA' ? 'Africa/Johannesburg' : 'Europe/London';
}
