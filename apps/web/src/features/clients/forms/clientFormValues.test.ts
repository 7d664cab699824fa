import type { Client } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../../lib/forms/testing.ts';
import { clientFormSchema } from './clientFormSchema.ts';
import {
  type ClientFormValues,
  clientToValues,
  hiddenFields,
  newClientValues,
  valuesToInput,
} from './clientFormValues.ts';
import { toCreatePayload, toUpdatePayload } from './toPayload.ts';

const stored: Client = {
  id: 7,
  companyId: 1,
  type: 'N',
  name: 'Thabo Mokoena',
  firstName: 'Thabo',
  lastName: 'Mokoena',
  preferredName: 'Thabo',
  email: 'thabo@example.com',
  mobile: '+27821234567',
  idNumber: null,
  dob: '1990-05-17',
  gender: 'M',
  genderOther: null,
  category: null,
  commStatus: 'Y',
  taxRegistered: 'N',
  taxNumber: null,
  addressCountry: 'ZA',
  address1: '1 Oxford Road',
  address2: null,
  addressRegion: 'Rosebank',
  addressState: 'Gauteng',
  addressPostalCode: '2196',
  status: 'A',
  lifecycle: 'client',
  consentState: 'unknown',
  consentAt: null,
  consentChannel: null,
  billingClientId: 3,
  adminClientId: null,
  affiliateClientId: null,
  billingClientName: 'Payer Ltd',
  adminClientName: null,
  affiliateClientName: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const filled = (changes: Partial<ClientFormValues> = {}): ClientFormValues => ({
  ...newClientValues(),
  firstName: ' Naledi ',
  lastName: 'Khoza',
  preferredName: 'Naledi',
  email: 'naledi@example.com',
  mobile: '082 555 0199',
  address1: '10 Jan Smuts Avenue',
  addressRegion: 'Parktown',
  addressState: 'Gauteng',
  addressPostalCode: '2193',
  ...changes,
});

const problems = (values: ClientFormValues) => problemsOf(clientFormSchema(), values);

describe('client form values', () => {
  it('opens a new client with the defaults of spec section 4', () => {
    expect(newClientValues()).toMatchObject({
      type: 'N',
      addressCountry: 'ZA',
      gender: 'F',
      commStatus: 'Y',
      taxRegistered: 'N',
      status: 'A',
      dob: null,
      billingClient: null,
    });
  });

  it('shows a stored client: texts as strings, the dob as the picked day, related clients by name', () => {
    const values = clientToValues(stored);
    expect(values.address2).toBe('');
    expect(values.dob instanceof Date && values.dob.getDate()).toBe(17);
    expect(values.billingClient).toEqual({ id: 3, name: 'Payer Ltd', email: null });
    expect(valuesToInput(values).input.dob).toBe('1990-05-17');
  });

  it('sends what the user filled in, trimmed, leaving out the fields the form hides', () => {
    const payload = toCreatePayload(
      filled({ type: 'N', gender: 'F', genderOther: 'kept out', taxNumber: 'kept out too' }),
    );
    expect(payload).toMatchObject({ firstName: 'Naledi', lastName: 'Khoza', addressState: 'Gauteng' });
    for (const hidden of ['name', 'genderOther', 'taxNumber', 'address2', 'dob'])
      expect(payload).not.toHaveProperty(hidden);
    const juristic = toCreatePayload(filled({ type: 'J', name: 'Khoza Holdings' }));
    expect(juristic).toMatchObject({ type: 'J', name: 'Khoza Holdings' });
    for (const hidden of ['firstName', 'gender']) expect(juristic).not.toHaveProperty(hidden);
  });

  it("shows and sends taxNumber by the client's own taxRegistered, not the company's (spec sections 2, 3)", () => {
    const registered = toCreatePayload(filled({ taxRegistered: 'Y', taxNumber: ' 4123456789 ' }));
    expect(registered).toMatchObject({ taxRegistered: 'Y', taxNumber: '4123456789' });
    expect(toCreatePayload(filled({ taxRegistered: 'N', taxNumber: '4123456789' }))).not.toHaveProperty(
      'taxNumber',
    );
    expect(hiddenFields(filled({ taxRegistered: 'Y' })).has('taxNumber')).toBe(false);
    expect(hiddenFields(filled({ taxRegistered: 'N' })).has('taxNumber')).toBe(true);
  });

  it('updates only what changed, and sends null for a value the user removed (spec section 5)', () => {
    const loaded = clientToValues(stored);
    const untouched = toUpdatePayload(loaded, loaded);
    expect(Object.values(untouched)).not.toContain(null);
    const cleared = toUpdatePayload({ ...loaded, billingClient: null, dob: null }, loaded);
    expect(cleared).toMatchObject({ billingClientId: null, dob: null });
    expect(cleared).not.toHaveProperty('adminClientId');
  });
});

describe('client form check', () => {
  it('says "Field is required." on each missing field of a natural client', () => {
    const found = problems({ ...newClientValues(), email: 'a@example.com' });
    expect(found).toMatchObject({
      firstName: 'Field is required.',
      lastName: 'Field is required.',
      preferredName: 'Field is required.',
      mobile: 'Field is required.',
      address1: 'Field is required.',
      addressState: 'Field is required.',
    });
    expect(found).not.toHaveProperty('email');
    expect(found).not.toHaveProperty('name');
  });

  it('refuses a picker holding text that names no client, and a bad ID number', () => {
    const found = problems(filled({ adminClient: 'qqxqq', idNumber: '80010150' }));
    expect(found.adminClient).toBe('Choose a client from the list, or clear the field.');
    expect(found.idNumber).toBe('A South African ID number has 13 digits.');
  });

  it('passes a complete client through unchanged', () => {
    const values = filled();
    expect(clientFormSchema().parse(values)).toEqual(values);
  });
});
