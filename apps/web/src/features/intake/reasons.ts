import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';

/** The API names fields as the contracts do; people read them as the forms label them. */
const FIELD_LABELS: Record<string, string> = {
  row: 'row',
  name: 'name',
  firstName: 'first name',
  lastName: 'surname',
  preferredName: 'preferred name',
  idNumber: 'ID number',
  dob: 'date of birth',
  gender: 'gender',
  genderOther: 'gender (other)',
  email: 'e-mail',
  mobile: 'mobile',
  address1: 'address',
  address2: 'address line 2',
  addressRegion: 'suburb or town',
  addressState: 'province or state',
  addressPostalCode: 'postal code',
  addressCountry: 'country',
  medicalName: 'medical aid',
  medicalPlan: 'medical aid plan',
  medicalNumber: 'medical aid number',
  medicalMemberId: 'main member ID number',
  medicalDependantCode: 'dependant code',
  referringEmail: "referring practitioner's e-mail",
  referringMobile: "referring practitioner's mobile",
  diagnosisCodes: 'ICD-10 codes',
};

export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? field.replace(/^diagnosisCode(\d)$/, 'ICD-10 code $1');

/** "row.3.email" -> "Row 3, e-mail: …"; the file's own problem is the message itself. */
export function failureOf(error: unknown): { reason: string; details: string[] } {
  if (!(error instanceof ApiError)) return { reason: GENERIC_FAILURE, details: [] };
  const details = error.fields.flatMap((f) => {
    const row = /^row\.(\d+)\.(\w+)$/.exec(f.path);
    return row ? [`Row ${row[1]}, ${fieldLabel(row[2] ?? '')}: ${f.message}`] : [];
  });
  return { reason: error.message, details };
}
