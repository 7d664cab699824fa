import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  COUNTRIES,
  GENDERS,
  STANDARD_FILTERS,
  YES_NO,
  ZA_REGIONS,
} from './enums.ts';
import { OTHER_MESSAGES } from './messages.ts';
import { checkSaIdNumber, saIdBirthDate } from './sa-id.ts';

/** Length bounds (the spec leaves them open; documented in docs/api.md). */
export const CLIENT_LIMITS = {
  name: 200,
  personName: 100,
  email: 254,
  mobile: 30,
  idNumber: 30,
  category: 100,
  taxNumber: 40,
  addressLine: 200,
  region: 100,
  postalCode: 20,
} as const;

const L = CLIENT_LIMITS;
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const optionalText = (max: number) => text(max).nullish();
const optionalId = z.number().int().positive().nullish();

/** ISO 3166 for libphonenumber: the product says UK where ISO says GB. */
export const phoneRegion = (country: string) => (country === 'UK' ? 'GB' : country);

export function normaliseMobile(mobile: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(mobile, phoneRegion(country) as never);
  return parsed?.isValid() ? parsed.number : null;
}

export const clientFields = {
  type: z.enum(CLIENT_TYPES),
  name: optionalText(L.name),
  firstName: optionalText(L.personName),
  lastName: optionalText(L.personName),
  preferredName: optionalText(L.personName),
  email: optionalText(L.email),
  mobile: optionalText(L.mobile),
  idNumber: optionalText(L.idNumber),
  dob: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
    .nullish(),
  gender: z.enum(GENDERS).nullish(),
  genderOther: optionalText(L.personName),
  category: optionalText(L.category),
  commStatus: z.enum(YES_NO),
  taxRegistered: z.enum(YES_NO),
  taxNumber: optionalText(L.taxNumber),
  addressCountry: z.enum(COUNTRIES),
  address1: optionalText(L.addressLine),
  address2: optionalText(L.addressLine),
  addressRegion: optionalText(L.region),
  addressState: optionalText(L.region),
  addressPostalCode: optionalText(L.postalCode),
  status: z.enum(CLIENT_STATUSES),
  billingClientId: optionalId,
  adminClientId: optionalId,
  affiliateClientId: optionalId,
};

export type ClientInput = z.infer<z.ZodObject<typeof clientFields>>;

type Issue = { path: string; message: string };

/** Spec section 5, plus e-mail, mobile, ID number and date checks. Returns every problem, by field. */
export function clientProblems(c: ClientInput): Issue[] {
  const problems: Issue[] = [];
  const required = (path: keyof ClientInput, value: unknown) => {
    if (value === null || value === undefined || value === '')
      problems.push({ path, message: OTHER_MESSAGES.fieldRequired });
  };
  if (c.type === 'J') required('name', c.name);
  if (c.type === 'N') {
    required('firstName', c.firstName);
    required('lastName', c.lastName);
    required('preferredName', c.preferredName);
    required('gender', c.gender);
    if (c.gender === 'O') required('genderOther', c.genderOther);
  }
  required('email', c.email);
  required('mobile', c.mobile);
  required('address1', c.address1);
  required('addressRegion', c.addressRegion);
  required('addressState', c.addressState);
  required('addressPostalCode', c.addressPostalCode);
  if (c.email && !z.email().safeParse(c.email).success)
    problems.push({ path: 'email', message: 'Enter a valid e-mail address.' });
  if (c.mobile && !normaliseMobile(c.mobile, c.addressCountry)) {
    problems.push({ path: 'mobile', message: `Enter a valid mobile number for ${c.addressCountry}.` });
  }
  if (
    c.addressCountry === 'ZA' &&
    c.addressState &&
    !(ZA_REGIONS as readonly string[]).includes(c.addressState)
  ) {
    problems.push({ path: 'addressState', message: 'Choose a province.' });
  }
  if (c.dob && !isRealDate(c.dob)) problems.push({ path: 'dob', message: 'Enter a real date of birth.' });
  if (c.idNumber && c.addressCountry === 'ZA') {
    const problem = checkSaIdNumber(c.idNumber);
    if (problem) problems.push({ path: 'idNumber', message: SA_ID_MESSAGES[problem] });
    else if (c.dob && saIdBirthDate(c.idNumber)?.slice(2) !== c.dob.slice(2)) {
      problems.push({ path: 'idNumber', message: 'The ID number does not match the date of birth.' });
    }
  }
  return problems;
}

const SA_ID_MESSAGES = {
  format: 'A South African ID number has 13 digits.',
  date: 'The ID number does not start with a valid date of birth.',
  checksum: 'The ID number is not valid (check digit).',
} as const;

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getTime() <= Date.now();
}

/** Create: every field of the form; defaults of spec section 4. */
export const createClientSchema = z.strictObject({
  ...clientFields,
  type: clientFields.type.default('N'),
  commStatus: clientFields.commStatus.default('Y'),
  taxRegistered: clientFields.taxRegistered.default('N'),
  addressCountry: clientFields.addressCountry.default('ZA'),
  status: clientFields.status.default('A'),
  gender: clientFields.gender.default('F'),
});

/** Update: the payload drops null and undefined fields (spec section 5), so any field may be absent. */
export const updateClientSchema = z.strictObject(clientFields).partial();

export const NEW_CLIENT_DEFAULTS = {
  type: 'N',
  addressCountry: 'ZA',
  gender: 'F',
  commStatus: 'Y',
  taxRegistered: 'N',
  status: 'A',
} as const;

const str = z.string().nullable();
const num = z.number().int().nullable();

/** A client as the API answers it. */
export const clientSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  type: z.enum(CLIENT_TYPES),
  name: z.string(),
  firstName: str,
  lastName: str,
  preferredName: str,
  email: str,
  mobile: str,
  idNumber: str,
  dob: str,
  gender: z.enum(GENDERS).nullable(),
  genderOther: str,
  category: str,
  commStatus: z.enum(YES_NO),
  taxRegistered: z.enum(YES_NO),
  taxNumber: str,
  addressCountry: z.enum(COUNTRIES),
  address1: str,
  address2: str,
  addressRegion: str,
  addressState: str,
  addressPostalCode: str,
  status: z.enum(CLIENT_STATUSES),
  billingClientId: num,
  adminClientId: num,
  affiliateClientId: num,
  billingClientName: str,
  adminClientName: str,
  affiliateClientName: str,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** Columns of the client list: the defaults, and the full list that adds companyId, id and category. */
export const CLIENT_DEFAULT_COLUMNS = [
  'name',
  'firstName',
  'preferredName',
  'lastName',
  'email',
  'mobile',
  'type',
  'status',
] as const;
export const CLIENT_ALL_COLUMNS = [...CLIENT_DEFAULT_COLUMNS, 'companyId', 'id', 'category'] as const;
export type ClientColumn = (typeof CLIENT_ALL_COLUMNS)[number];

export const CLIENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const CLIENT_PAGE_SIZE = 10;

export const clientListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (CLIENT_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 10, 20, 50 or 100.')
    .default(CLIENT_PAGE_SIZE),
  /** "lastName:asc,firstName:desc"; fields from the full column list only. */
  sort: z.string().max(300).optional(),
  search: z.string().trim().max(100).optional(),
  filter: z.enum(STANDARD_FILTERS).optional(),
  /** JSON object of column -> "starts with" text, e.g. {"lastName":"sm"}. */
  filters: z.string().max(2000).optional(),
  clientId: z.coerce.number().int().positive().optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientListRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  firstName: z.string().nullable(),
  preferredName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  category: z.string().nullable(),
});
export type ClientListRow = z.infer<typeof clientListRowSchema>;

export const clientPageSchema = z.object({
  content: z.array(clientListRowSchema),
  totalElements: z.number().int(),
  /** false when the total was capped (see docs/api.md): the list shows "N+". */
  totalExact: z.boolean(),
});
export type ClientPage = z.infer<typeof clientPageSchema>;

export const clientPickSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
