import { luhnCheckDigit } from '@pd/contracts';

/** A patient as the intake mapping's targets hold it (stored values: ISO dates, M/F, codes). */
export type SamplePatient = Record<string, string>;

const FIRST_F = ['Thandiwe', 'Lerato', 'Ayesha', 'Johanna', 'Nomsa', 'Priya', 'Chantelle', 'Zanele'];
const FIRST_M = ['Sipho', 'Pieter', 'Rajesh', 'Themba', 'Mohammed', 'Jacques', 'Kagiso', 'Andile'];
const LAST = ['Mokoena', 'van der Merwe', 'Naidoo', 'Dlamini', 'Botha', 'Khumalo', 'Pillay', 'Nkosi', 'Smit'];
const PLACES = [
  ['14 Jan Smuts Avenue', 'Parktown', 'Gauteng', '2193'],
  ['7 Kloof Street', 'Gardens', 'Western Cape', '8001'],
  ['22 Musgrave Road', 'Berea', 'KZN', '4001'],
  ['3 Church Street', 'Stellenbosch', 'WC', '7600'],
  ['88 Voortrekker Road', 'Potchefstroom', 'North-West', '2531'],
] as const;
const SCHEMES = [
  ['Discovery Health Medical Scheme', 'Classic Comprehensive'],
  ['Bonitas Medical Fund', 'BonComprehensive'],
  ['Momentum Health', 'Custom'],
  ['Medshield Medical Scheme', 'MediPlus'],
] as const;
const CODES = ['M54.5', 'M54.2', 'S93.4', 'M17.9', 'G44.2', 'M25.56', 'J45.9', 'I10'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A valid South African ID number for this date of birth and gender. */
export function saIdNumber(dob: string, gender: 'M' | 'F', sequence: number): string {
  const genderDigits = `${gender === 'F' ? 0 : 5}${pad(sequence % 1000, 3)}`;
  const first12 = `${dob.slice(2, 4)}${dob.slice(5, 7)}${dob.slice(8, 10)}${genderDigits}08`;
  return `${first12}${luhnCheckDigit(first12)}`;
}

/**
 * Deterministic patients: the tag makes e-mails and ID numbers unique per run (so repeated imports into
 * one practice create, not update), the index spreads names, places, schemes and ICD-10 codes.
 */
export function samplePatient(i: number, tag = 'sample'): SamplePatient {
  const gender = i % 2 === 0 ? 'F' : 'M';
  const firstName = pick(gender === 'F' ? FIRST_F : FIRST_M, Math.floor(i / 2));
  const lastName = pick(LAST, i * 7 + 3);
  const tagNumber = [...tag].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 9973, 0);
  const day = (i % 28) + 1;
  const month = (Math.floor(i / 28) % 12) + 1;
  const year = 1950 + ((i + tagNumber) % 55);
  const dob = `${year}-${pad(month)}-${pad(day)}`;
  const [street, region, state, postalCode] = pick(PLACES, i);
  const [scheme, plan] = pick(SCHEMES, i);
  const mainMemberIsPatient = i % 3 !== 0;
  const slug = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const codes = Array.from({ length: (i % 3) + 1 }, (_, k) => pick(CODES, i + k * 3));
  const patient: SamplePatient = {
    firstName,
    lastName,
    preferredName: i % 4 === 0 ? firstName.slice(0, 4) : '',
    idNumber: saIdNumber(dob, gender, Math.floor(i / 28 / 12) * 37 + tagNumber),
    dob,
    gender,
    email: `${slug}.${tag}.${i}@example.com`.toLowerCase(),
    mobile: `082${pad((i * 7919 + tagNumber) % 10_000_000, 7)}`,
    address1: street,
    address2: i % 5 === 0 ? `Unit ${i % 40}` : '',
    addressRegion: region,
    addressState: state,
    addressPostalCode: postalCode,
    medicalName: scheme,
    medicalPlan: plan,
    medicalNumber: pad(100_000_000 + i * 7, 9),
    medicalMemberFirstname: mainMemberIsPatient ? firstName : pick(FIRST_M, i + 1),
    medicalMemberLastname: lastName,
    medicalMemberInitials: (mainMemberIsPatient ? firstName : pick(FIRST_M, i + 1)).slice(0, 1),
    medicalMemberId: mainMemberIsPatient ? '' : saIdNumber('1960-05-05', 'M', i % 1000),
    medicalMemberCode: '00',
    medicalDependantCode: mainMemberIsPatient ? '00' : pad((i % 4) + 1),
    referringFirstname: 'Sarah',
    referringLastname: 'Naidoo',
    referringPracticeNumber: '0123456',
  };
  codes.forEach((code, k) => {
    patient[`diagnosisCode${k + 1}`] = code;
  });
  return patient;
}

export const samplePatients = (count: number, tag?: string, start = 0) =>
  Array.from({ length: count }, (_, i) => samplePatient(start + i, tag));
