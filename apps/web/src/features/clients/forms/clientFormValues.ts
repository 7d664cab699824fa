import {
  type Client,
  type ClientInput,
  type ClientStatus,
  type Country,
  NEW_CLIENT_DEFAULTS,
  type YesNo,
} from '@pd/contracts';
import type { ClientPick } from '../../../api/clientForms.ts';

/** A picker holds the chosen record, the text being typed (nothing chosen yet), or nothing. */
export type PickValue<T> = T | string | null;

/** The form as the user edits it: texts stay strings ('' when empty), dob a Date, pickers their record. */
export interface ClientFormValues {
  type: 'N' | 'J';
  name: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  email: string;
  mobile: string;
  idNumber: string;
  /** A Date once the typed text parses; the text itself while it does not. */
  dob: Date | string | null;
  gender: 'M' | 'F' | 'O';
  genderOther: string;
  category: string;
  commStatus: YesNo;
  taxRegistered: YesNo;
  taxNumber: string;
  addressCountry: Country;
  address1: string;
  address2: string;
  addressRegion: string;
  addressState: string;
  addressPostalCode: string;
  status: ClientStatus;
  billingClient: PickValue<ClientPick>;
  adminClient: PickValue<ClientPick>;
  affiliateClient: PickValue<ClientPick>;
}

export const TEXT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'preferredName',
  'email',
  'mobile',
  'idNumber',
  'genderOther',
  'category',
  'taxNumber',
  'address1',
  'address2',
  'addressRegion',
  'addressState',
  'addressPostalCode',
] as const;

/** Form field of each related-client id the API knows. */
export const RELATED_FIELDS = {
  billingClientId: 'billingClient',
  adminClientId: 'adminClient',
  affiliateClientId: 'affiliateClient',
} as const;

const blankTexts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<
  (typeof TEXT_FIELDS)[number],
  string
>;

/** Spec section 4: type N, country ZA, gender F, commStatus Y, taxRegistered N, status A. */
export const newClientValues = (): ClientFormValues => ({
  ...blankTexts,
  ...NEW_CLIENT_DEFAULTS,
  dob: null,
  billingClient: null,
  adminClient: null,
  affiliateClient: null,
});

const pick = (id: number | null, name: string | null): ClientPick | null =>
  id === null ? null : { id, name: name ?? `Client ${id}`, email: null };

/** A stored client as the update form shows it; the pickers show the related clients' names. */
export function clientToValues(client: Client): ClientFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, client[k] ?? ''])) as typeof blankTexts;
  return {
    ...texts,
    type: client.type,
    dob: client.dob ? parseDob(client.dob) : null,
    gender: client.gender ?? NEW_CLIENT_DEFAULTS.gender,
    commStatus: client.commStatus,
    taxRegistered: client.taxRegistered,
    addressCountry: client.addressCountry,
    status: client.status,
    billingClient: pick(client.billingClientId, client.billingClientName),
    adminClient: pick(client.adminClientId, client.adminClientName),
    affiliateClient: pick(client.affiliateClientId, client.affiliateClientName),
  };
}

/** Spec section 9: dates are entered yy-mm-dd (PrimeReact's 4-digit year) and sent YYYY-MM-DD. */
export function formatDob(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  // Local parts, not toISOString: midnight in Johannesburg is still the day before in UTC.
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDob(value: string): Date | null {
  const [y, m, d] = value.split('-').map(Number);
  return y && m && d ? new Date(y, m - 1, d) : null;
}

export interface ClientFormOptions {
  /** The company is tax registered: taxNumber is shown (spec section 2). */
  showTaxNumber: boolean;
}

/**
 * The client as the API would receive it: trimmed, blanks as null, fields the form hides left out
 * (undefined). A picker still holding typed text (nothing chosen) is reported in `unchosen`.
 */
export function valuesToInput(
  values: ClientFormValues,
  { showTaxNumber }: ClientFormOptions,
): { input: Partial<ClientInput>; unchosen: string[] } {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  const natural = values.type === 'N';
  const texts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, text(values[k])])) as Record<
    (typeof TEXT_FIELDS)[number],
    string | null
  >;
  const unchosen: string[] = [];
  const related = Object.fromEntries(
    Object.entries(RELATED_FIELDS).map(([apiKey, formKey]) => {
      const value = values[formKey];
      if (typeof value === 'string' && value.trim() !== '') unchosen.push(formKey);
      return [apiKey, value && typeof value === 'object' ? value.id : null];
    }),
  );
  const input: Partial<ClientInput> = {
    ...texts,
    ...related,
    type: values.type,
    dob: values.dob instanceof Date ? formatDob(values.dob) : text(values.dob ?? ''),
    gender: values.gender,
    commStatus: values.commStatus,
    taxRegistered: values.taxRegistered,
    addressCountry: values.addressCountry,
    status: values.status,
  };
  const hidden: (keyof ClientInput)[] = natural ? ['name'] : ['firstName', 'lastName', 'preferredName'];
  if (!natural) hidden.push('gender', 'genderOther');
  else if (values.gender !== 'O') hidden.push('genderOther');
  if (!showTaxNumber) hidden.push('taxNumber');
  for (const key of hidden) delete input[key];
  return { input, unchosen };
}
