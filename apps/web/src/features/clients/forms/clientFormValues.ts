import {
  type Client,
  type ClientInput,
  type ClientStatus,
  type Country,
  NEW_CLIENT_DEFAULTS,
  type YesNo,
} from '@pd/contracts';
import type { ClientPick } from '../../../api/clientForms.ts';
import { pickedDay, pickedOfIso } from '../../../lib/pickedDates.ts';

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
    dob: pickedOfIso(client.dob),
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

/**
 * Fields the form does not show for these values (spec section 2): they are neither checked nor sent.
 * taxNumber is shown when the client's own taxRegistered is Y (spec sections 2 and 3), whatever the company's.
 */
export function hiddenFields(values: ClientFormValues): Set<string> {
  const natural = values.type === 'N';
  const hidden = new Set<string>(natural ? ['name'] : ['firstName', 'lastName', 'preferredName', 'gender']);
  if (!natural || values.gender !== 'O') hidden.add('genderOther');
  if (values.taxRegistered !== 'Y') hidden.add('taxNumber');
  return hidden;
}

/**
 * The client as the API would receive it: trimmed, blanks as null, fields the form hides left out
 * (undefined). A picker still holding typed text (nothing chosen) is reported in `unchosen`.
 */
export function valuesToInput(values: ClientFormValues): { input: Partial<ClientInput>; unchosen: string[] } {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
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
    dob: pickedDay(values.dob) ?? null,
    gender: values.gender,
    commStatus: values.commStatus,
    taxRegistered: values.taxRegistered,
    addressCountry: values.addressCountry,
    status: values.status,
  };
  for (const key of hiddenFields(values)) delete input[key as keyof ClientInput];
  return { input, unchosen };
}
