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
import { digitsParam, FIELD_MESSAGES, idField, idParam, isoDate, optionalText } from './fields.ts';
import { CONSENT_CHANNELS, CONSENT_STATES, LIFECYCLE_FILTERS, LIFECYCLES } from './prospects.ts';
import { checkSaIdNumber, saIdBirthDate } from './sa-id.ts';
import { isRealIsoDate, todayIn } from './time.ts';

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
const nullableText = (max: number) => optionalText(max).nullish();
const optionalId = idField.nullish();

/** ISO 3166 for libphonenumber: the product says UK where ISO says GB. */
export const phoneRegion = (country: string) => (country === 'UK' ? 'GB' : country);

export function normaliseMobile(mobile: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(mobile, phoneRegion(country) as never);
  return parsed?.isValid() ? parsed.number : null;
}

export const clientFields = {
  type: z.enum(CLIENT_TYPES),
  name: nullableText(L.name),
  firstName: nullableText(L.personName),
  lastName: nullableText(L.personName),
  preferredName: nullableText(L.personName),
  email: nullableText(L.email),
  mobile: nullableText(L.mobile),
  idNumber: nullableText(L.idNumber),
  dob: isoDate.nullish(),
  gender: z.enum(GENDERS).nullish(),
  genderOther: nullableText(L.personName),
  category: nullableText(L.category),
  commStatus: z.enum(YES_NO),
  taxRegistered: z.enum(YES_NO),
  taxNumber: nullableText(L.taxNumber),
  addressCountry: z.enum(COUNTRIES),
  address1: nullableText(L.addressLine),
  address2: nullableText(L.addressLine),
  addressRegion: nullableText(L.region),
  addressState: nullableText(L.region),
  addressPostalCode: nullableText(L.postalCode),
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
      problems.push({ path, message: FIELD_MESSAGES.required });
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
    problems.push({ path: 'email', message: FIELD_MESSAGES.email });
  if (c.mobile && !normaliseMobile(c.mobile, c.addressCountry)) {
    problems.push({ path: 'mobile', message: FIELD_MESSAGES.mobileFor(c.addressCountry) });
  }
  if (
    c.addressCountry === 'ZA' &&
    c.addressState &&
    !(ZA_REGIONS as readonly string[]).includes(c.addressState)
  ) {
    problems.push({ path: 'addressState', message: FIELD_MESSAGES.province });
  }
  if (c.dob && !isPastOrToday(c.dob)) problems.push({ path: 'dob', message: FIELD_MESSAGES.realBirthDate });
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

/** A day that exists and has begun (in UTC: the form and the API must agree without a company zone). */
const isPastOrToday = (value: string) => isRealIsoDate(value) && value <= todayIn('UTC');

/**
 * What clientProblems requires, for the OpenAPI document (the check itself runs after parsing, so that
 * every problem is listed at once): always contact and address; a person's names and gender, or a
 * juristic client's name.
 */
const CREATE_CLIENT_REQUIRED = {
  required: ['email', 'mobile', 'address1', 'addressRegion', 'addressState', 'addressPostalCode'],
  anyOf: [
    {
      description: 'A person (type N, the default)',
      properties: { type: { enum: ['N'] } },
      required: ['firstName', 'lastName', 'preferredName'],
    },
    { description: 'A juristic client', properties: { type: { enum: ['J'] } }, required: ['type', 'name'] },
  ],
};

/** Create: every field of the form; defaults of spec section 4. */
export const createClientSchema = z
  .strictObject({
    ...clientFields,
    type: clientFields.type.default('N'),
    commStatus: clientFields.commStatus.default('Y'),
    taxRegistered: clientFields.taxRegistered.default('N'),
    addressCountry: clientFields.addressCountry.default('ZA'),
    status: clientFields.status.default('A'),
    gender: clientFields.gender.default('F'),
    /** Issue 17: 'prospect' records someone not yet a client (the Prospects area); they stay off the client list. */
    lifecycle: z.enum(LIFECYCLES).default('client'),
    /**
     * A live client of the company with the same ID number or e-mail makes the create a 409
     * DUPLICATE_CLIENT naming it; true creates the client anyway (a deliberate duplicate, audited).
     */
    confirmDuplicate: z
      .boolean()
      .optional()
      .describe(
        'true: create even when a live client of the company has the same ID number or e-mail ' +
          '(otherwise 409 DUPLICATE_CLIENT with existingId).',
      ),
  })
  .meta(CREATE_CLIENT_REQUIRED);
export type CreateClientInput = z.infer<typeof createClientSchema>;

/** Texts the spec lacks for a new client that repeats an existing one (issue 13, point 3). */
export const DUPLICATE_CLIENT_MESSAGES = {
  duplicate: (what: string, name: string, id: number) =>
    `A client with this ${what} exists already: ${name} (client ${id}).`,
  field: (what: string, name: string, id: number) => `${name} (client ${id}) has this ${what} already.`,
  idNumber: 'ID number',
  email: 'e-mail',
  both: 'ID number and e-mail',
  open: 'Open the existing client',
  createAnyway: 'Create anyway',
} as const;

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
  lifecycle: z.enum(LIFECYCLES),
  consentState: z.enum(CONSENT_STATES),
  consentAt: str,
  consentChannel: z.enum(CONSENT_CHANNELS).nullable(),
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
/**
 * The export's columns: the full list, with mobile in the company's national format (a spreadsheet neither
 * runs nor shortens it), then the mobile as stored and sent (E.164, guarded against formulas) at the end.
 */
export const CLIENT_EXPORT_COLUMNS = [...CLIENT_ALL_COLUMNS, 'mobileE164'] as const;

export const CLIENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const CLIENT_PAGE_SIZE = 10;

export const clientListQuerySchema = z.strictObject({
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(
    z
      .number()
      .int()
      .refine((n) => (CLIENT_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 10, 20, 50 or 100.'),
  ).default(CLIENT_PAGE_SIZE),
  /** "lastName:asc,firstName:desc"; fields from the full column list only. */
  sort: z.string().max(300).optional(),
  search: z.string().trim().max(100).optional(),
  filter: z.enum(STANDARD_FILTERS).optional(),
  /** JSON object of column -> "starts with" text, e.g. {"lastName":"sm"}. */
  filters: z.string().max(2000).optional(),
  clientId: idParam.optional(),
  /** Issue 17: clients only unless a filter asks for prospects (or both). */
  lifecycle: z.enum(LIFECYCLE_FILTERS).default('client'),
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
