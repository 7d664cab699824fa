import { z } from 'zod';
import { FIELD_MESSAGES, requiredText } from './fields.ts';
import {
  FORM_ANSWER_LIMITS,
  type FormAnswers,
  formAnswersSchema,
  formAttachmentSchema,
} from './form-answers.ts';
import { formTargetUri, type Questionnaire } from './forms.ts';

/**
 * Issue 18, part 4: what the public fill page adds to the answers: attached files, a draft saved part-way,
 * the separate marketing consent, a parent or guardian for a client under 18, and the practice's privacy
 * notice (POPIA section 18 in South Africa, UK GDPR article 13 in the UK).
 */
export const FORM_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type FormFileType = (typeof FORM_FILE_TYPES)[number];
export const FORM_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const FORM_FILL_LIMITS = {
  /** One attached file. */
  fileBytes: FORM_ANSWER_LIMITS.fileBytes,
  /** Files one link may upload (a client who replaces a photo a few times). */
  filesPerRequest: 20,
  /** A saved draft as JSON: the answers plus up to two signatures. */
  draftBytes: 600_000,
  noticeLength: 6000,
  adultAge: 18,
} as const;

export const FORM_FILL_MESSAGES = {
  fileType: 'Attach a PDF, JPEG or PNG file.',
  fileTooBig: 'A file can be at most 5 MB.',
  fileEmpty: 'The file is empty.',
  fileNotWhatItSays: 'The file is not the PDF, JPEG or PNG it says it is.',
  tooManyFiles: `At most ${FORM_FILL_LIMITS.filesPerRequest} files per form.`,
  unknownFile: 'This file was not uploaded with this form. Attach it again.',
  draftTooBig: 'The saved answers are too large. Remove an attachment or a signature and try again.',
  guardianName: "Give the parent or guardian's full name.",
  guardianRelationship: 'Say how the parent or guardian is related to the client.',
  guardianSignature: 'The parent or guardian signs here.',
  guardianNotNeeded: 'A parent or guardian signs only for a client under 18.',
  saved: 'Your answers are saved. Open the same link to continue, on this or another device.',
  notANumber: 'Enter a number.',
  notAWholeNumber: 'Enter a whole number.',
  signatureUnsupported:
    'This browser cannot save a signature on this page. Open the link in an up-to-date browser.',
  noticeUpdated: 'Updated the privacy notice.',
} as const;

export const formFileUploadSchema = z.strictObject({
  contentType: z.enum(FORM_FILE_TYPES, { error: FORM_FILL_MESSAGES.fileType }),
  title: requiredText(200),
  /** The file, base64 (a 5 MB file is about 7 MB of base64). */
  data: z
    .string()
    .max(Math.ceil(FORM_FILL_LIMITS.fileBytes / 3) * 4 + 4, FORM_FILL_MESSAGES.fileTooBig)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
});
export type FormFileUpload = z.infer<typeof formFileUploadSchema>;
export const formFileSchema = z.object({
  url: z.string(),
  contentType: z.enum(FORM_FILE_TYPES),
  title: z.string(),
  size: z.number().int(),
  hash: z.string(),
});
export type FormFile = z.infer<typeof formFileSchema>;
/** How an answer names a file uploaded through its link (FHIR's relative reference to a Binary). */
export const formFileUrl = (id: number) => `Binary/${id}`;
export const formFileIdOf = (url: string) => /^Binary\/([1-9]\d{0,15})$/.exec(url)?.[1] ?? null;

export const formGuardianSchema = z.strictObject({
  name: z.string().trim().max(200, FIELD_MESSAGES.atMost(200)),
  relationship: z.string().trim().max(60, FIELD_MESSAGES.atMost(60)),
  signature: formAttachmentSchema.optional(),
});
export type FormGuardian = z.infer<typeof formGuardianSchema>;

/** What the page sends on submit and saves as a draft. */
export const formFillSchema = z.strictObject({
  answers: formAnswersSchema,
  /** Unticked unless the client ticks it; never required. */
  marketingConsent: z.boolean().default(false),
  guardian: formGuardianSchema.optional(),
});
export type FormFill = z.input<typeof formFillSchema>;

export const formDraftSavedSchema = z.object({ savedAt: z.string() });

/** The date of birth an item mapped to the record's `dob` gives, else the record's. */
export function birthDateOf(definition: Questionnaire, answers: FormAnswers, recordDob: string | null) {
  const uri = formTargetUri('dob');
  const find = (items: Questionnaire['item']): string | undefined => {
    for (const item of items) {
      if (item.definition === uri) return answers[item.linkId]?.[0]?.valueDate;
      const inner = find(item.item ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(definition.item) ?? recordDob;
}

/** Under 18 on `today` (YYYY-MM-DD), by calendar date. */
export function isMinor(dob: string | null | undefined, today: string): boolean {
  if (!dob) return false;
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const adult = `${String(y + FORM_FILL_LIMITS.adultAge).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return today < adult;
}

/** The guardian's missing details, by path (`guardian.<field>`): checked by the page and the server alike. */
export function guardianProblems(guardian: FormGuardian | undefined) {
  const problems: { path: string; message: string }[] = [];
  if (!guardian?.name.trim())
    problems.push({ path: 'guardian.name', message: FORM_FILL_MESSAGES.guardianName });
  if (!guardian?.relationship.trim())
    problems.push({ path: 'guardian.relationship', message: FORM_FILL_MESSAGES.guardianRelationship });
  if (guardian?.signature?.contentType !== 'image/png')
    problems.push({ path: 'guardian.signature', message: FORM_FILL_MESSAGES.guardianSignature });
  return problems;
}

// ------------------------------------------------------------------------------------- privacy notice

export const formNoticeSchema = z.object({
  /** The notice the fill page shows (the company's own, or the default). */
  notice: z.string(),
  /** True when the company wrote its own; false: the default below. */
  custom: z.boolean(),
  /** The default built from the company's details, to start from or go back to. */
  defaultNotice: z.string(),
});
export type FormNotice = z.infer<typeof formNoticeSchema>;
const noticeText = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.required)
  .max(FORM_FILL_LIMITS.noticeLength, FIELD_MESSAGES.atMost(FORM_FILL_LIMITS.noticeLength));
/** Settings > Company's form: the company's own notice. */
export const formNoticeTextSchema = z.strictObject({ notice: noticeText });
export const formNoticeUpdateSchema = z.strictObject({
  /** Null goes back to the default. */
  notice: noticeText.nullable(),
});
export type FormNoticeUpdate = z.infer<typeof formNoticeUpdateSchema>;

/**
 * The default notice, from the company's details: who collects (name, contact), why, whether it is
 * voluntary, who receives it, the client's rights and the regulator. Paragraphs are separated by blank lines.
 */
export function defaultFormNotice(company: {
  name: string;
  type: 'H' | 'F';
  country: string;
  contactEmail: string | null;
}): string {
  const za = company.country === 'ZA';
  const contact = company.contactEmail
    ? `by e-mail at ${company.contactEmail} or at reception`
    : 'at reception or through the details in the message that brought you this form';
  const purpose =
    company.type === 'H'
      ? 'to treat you, keep your medical record, and claim from your medical scheme or bill you'
      : 'to give you financial advice suited to you, keep the record the law requires, and arrange the products you choose';
  const recipients =
    company.type === 'H'
      ? 'your medical scheme or its administrator (for claims), other healthcare providers you are referred to, and our IT and messaging providers, who keep it confidential'
      : 'the product providers you choose, the regulators where the law requires it, and our IT and messaging providers, who keep it confidential';
  return [
    `${company.name} collects the information on this form. You can contact us ${contact}.`,
    `We ask for it ${purpose}. ${za ? 'Our reasons are those in the Protection of Personal Information Act (POPIA).' : 'We rely on the lawful bases of the UK GDPR.'}`,
    'Answering is voluntary, but without the questions marked required we may be unable to help you. Some information may be required by law (for example for medical records or tax).',
    `We share it only with ${recipients}. We do not sell it.`,
    'You may ask to see the information we hold about you, have it corrected or deleted, and object to its use. Marketing is separate: we send it only if you tick the box at the end.',
    za
      ? 'If you are unhappy with how we handle your information, you may complain to the Information Regulator: https://inforegulator.org.za, POPIAComplaints@inforegulator.org.za.'
      : "If you are unhappy with how we handle your information, you may complain to the Information Commissioner's Office: https://ico.org.uk, 0303 123 1113.",
  ].join('\n\n');
}
