import type { FormItemType, FormOperator } from './forms.ts';
import type { RECORD_TARGETS } from './intake.ts';

/**
 * Issue 18, part 2: the words of the form builder (Settings → Forms): what each item type, operator and
 * record field is called on screen, and the builder's own messages.
 */
export const FORM_ITEM_TYPE_LABELS: Record<FormItemType, string> = {
  group: 'Group',
  display: 'Text to read',
  boolean: 'Yes / no',
  decimal: 'Number (decimal)',
  integer: 'Whole number',
  date: 'Date',
  string: 'Short answer',
  text: 'Long answer',
  choice: 'Choice',
  'open-choice': 'Choice or own answer',
  attachment: 'File',
  signature: 'Signature',
};

export const FORM_OPERATOR_LABELS: Record<FormOperator, string> = {
  exists: 'is answered',
  '=': 'equals',
  '!=': 'does not equal',
  '>': 'is more than',
  '<': 'is less than',
  '>=': 'is at least',
  '<=': 'is at most',
};

// RECORD_TARGETS is typed as strings: form-builder.test.ts checks every field has its label.
type RecordTarget = (typeof RECORD_TARGETS)[number];

/** Each record field a form item may fill, as the client record's screens name it. */
export const RECORD_TARGET_LABELS: Record<RecordTarget, string> = {
  diagnosisCodes: 'Diagnosis codes (ICD-10, up to five)',
  type: 'Client type',
  name: 'Name (organisation)',
  firstName: 'First name',
  lastName: 'Surname',
  preferredName: 'Preferred name',
  email: 'E-mail',
  mobile: 'Mobile',
  idNumber: 'ID number',
  dob: 'Date of birth',
  gender: 'Gender',
  genderOther: 'Gender (own description)',
  category: 'Category',
  taxNumber: 'Tax number',
  addressCountry: 'Country',
  address1: 'Address line 1',
  address2: 'Address line 2',
  addressRegion: 'Suburb or region',
  addressState: 'Province or state',
  addressPostalCode: 'Postal code',
  diagnosisCode1: 'Diagnosis code 1',
  diagnosisCode2: 'Diagnosis code 2',
  diagnosisCode3: 'Diagnosis code 3',
  diagnosisCode4: 'Diagnosis code 4',
  diagnosisCode5: 'Diagnosis code 5',
  medicalName: 'Medical aid',
  medicalNumber: 'Medical aid number',
  medicalPlan: 'Medical aid plan',
  medicalMemberFirstname: 'Main member: first name',
  medicalMemberLastname: 'Main member: surname',
  medicalMemberInitials: 'Main member: initials',
  medicalMemberId: 'Main member: ID number',
  medicalMemberCode: 'Main member: dependant code',
  medicalDependantFirstname: 'Dependant: first name',
  medicalDependantLastname: 'Dependant: surname',
  medicalDependantInitials: 'Dependant: initials',
  medicalDependantId: 'Dependant: ID number',
  medicalDependantCode: 'Dependant: code',
  claimPreference: 'Claim preference',
  authorisation: 'Authorisation number',
  inHospital: 'In hospital',
  pmb: 'Prescribed minimum benefit (PMB)',
  referringFirstname: 'Referring doctor: first name',
  referringLastname: 'Referring doctor: surname',
  referringEmail: 'Referring doctor: e-mail',
  referringMobile: 'Referring doctor: mobile',
  referringRegistrationNumber: 'Referring doctor: registration number',
  referringPracticeNumber: 'Referring doctor: practice number',
  referringQualification: 'Referring doctor: qualification',
  rafLinkNumber: 'RAF link number',
  region: 'Region',
};

export const FORM_BUILDER_MESSAGES = {
  created: (name: string) => `Created form "${name}".`,
  saved: (name: string) => `Saved the draft of "${name}".`,
  published: (name: string, version: number) => `Published "${name}" as version ${version}.`,
  discarded: (name: string) => `Discarded the draft of "${name}".`,
  publishConfirm: (name: string) =>
    `Publish "${name}"? The published version cannot be changed; later edits make a new version.`,
  discardConfirm: (name: string) =>
    `Discard the draft of "${name}"? Its changes are lost; the published version stays as it is.`,
  readOnlyPublished: 'This version is published and cannot be changed: edits make a new version.',
  readOnlyRights: 'Only an administrator can change forms.',
  noProblems: 'No problems: this form can be published.',
  previewSignature: 'The client signs here with a finger or a mouse.',
  previewAttachment: 'The client attaches a file here.',
} as const;
