import { type ClientInput, clientProblems, normaliseMobile } from '@pd/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { ClientRow, ClientValues } from './client.queries.ts';

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** The stored form of a client as it stands in a form. */
export function rowToInput(row: ClientRow): ClientInput {
  return {
    type: row.type as ClientInput['type'],
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    email: row.email,
    mobile: row.mobile,
    idNumber: row.idNumber,
    dob: row.dob,
    gender: row.gender as ClientInput['gender'],
    genderOther: row.genderOther,
    category: row.category,
    commStatus: row.commStatus as ClientInput['commStatus'],
    taxRegistered: row.taxRegistered as ClientInput['taxRegistered'],
    taxNumber: row.taxNumber,
    addressCountry: row.addressCountry as ClientInput['addressCountry'],
    address1: row.address1,
    address2: row.address2,
    addressRegion: row.addressRegion,
    addressState: row.addressState,
    addressPostalCode: row.addressPostalCode,
    status: row.status as ClientInput['status'],
    billingClientId: row.billingClientId,
    adminClientId: row.adminClientId,
    affiliateClientId: row.affiliateClientId,
  };
}

/** Validates (spec section 5 and the format checks) and normalises a complete client for storage. */
export function toStoredValues(input: ClientInput): ClientValues {
  const problems = clientProblems(input);
  if (problems.length > 0) {
    throw new ValidationError(
      'Some fields are not valid.',
      problems.map((p) => ({ path: `body.${p.path}`, message: p.message })),
    );
  }
  const natural = input.type === 'N';
  const firstName = blankToNull(input.firstName);
  const lastName = blankToNull(input.lastName);
  return {
    type: input.type,
    // Spec section 5: for type N the name is built from first and last name.
    name: natural ? `${firstName} ${lastName}` : (blankToNull(input.name) ?? ''),
    firstName: natural ? firstName : null,
    lastName: natural ? lastName : null,
    preferredName: natural ? blankToNull(input.preferredName) : null,
    email: blankToNull(input.email)?.toLowerCase() ?? null,
    mobile: input.mobile ? normaliseMobile(input.mobile, input.addressCountry) : null,
    idNumber: blankToNull(input.idNumber),
    dob: blankToNull(input.dob),
    gender: natural ? (input.gender ?? null) : null,
    genderOther: natural && input.gender === 'O' ? blankToNull(input.genderOther) : null,
    category: blankToNull(input.category),
    commStatus: input.commStatus,
    taxRegistered: input.taxRegistered,
    taxNumber: blankToNull(input.taxNumber),
    addressCountry: input.addressCountry,
    address1: blankToNull(input.address1),
    address2: blankToNull(input.address2),
    addressRegion: blankToNull(input.addressRegion),
    addressState: blankToNull(input.addressState),
    addressPostalCode: blankToNull(input.addressPostalCode),
    status: input.status,
    billingClientId: input.billingClientId ?? null,
    adminClientId: input.adminClientId ?? null,
    affiliateClientId: input.affiliateClientId ?? null,
  };
}
