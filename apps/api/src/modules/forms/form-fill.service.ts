import { createHash } from 'node:crypto';
import {
  birthDateOf,
  defaultFormNotice,
  FORM_FILL_LIMITS as FL,
  FORM_FILL_MESSAGES as FM,
  FORM_FILE_TYPES,
  type FormFileUpload,
  type FormNoticeUpdate,
  formFileIdOf,
  formFileUrl,
  type formFillSchema,
  guardianProblems,
  isMinor,
  type Questionnaire,
  timeZoneFor,
  todayIn,
} from '@pd/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { type Tx, withTenant } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { DomainError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type CompanyRow, findCompany, updateCompany } from '../companies/company.queries.ts';
import { countAttachments, findAttachments, insertAttachment, upsertDraft } from './form-fill.queries.ts';
import { lockUsable } from './form-link.ts';
import type { FormRequestRow } from './form-request.queries.ts';

type Fill = z.output<typeof formFillSchema>;
type Problem = { path: string; message: string };

// ------------------------------------------------------------------------------------- privacy notice

const defaultNoticeOf = (c: CompanyRow) =>
  defaultFormNotice({
    name: c.name,
    type: c.type as 'H' | 'F',
    country: c.country,
    contactEmail: c.supportEmail,
  });
/** The notice the fill page shows: the company's own, else the default from its details. */
export const noticeOf = (c: CompanyRow) => c.formNotice ?? defaultNoticeOf(c);
const noticeView = (c: CompanyRow) => ({
  notice: noticeOf(c),
  custom: c.formNotice !== null,
  defaultNotice: defaultNoticeOf(c),
});

export const getFormNotice = (scope: Scope) =>
  inTenant(scope, async (tx) =>
    noticeView(mustExist(await findCompany(tx, scope.principal.companyId), 'Company')),
  );

/** An administrator writes the company's own notice, or (null) goes back to the default. Audited. */
export const changeFormNotice = (scope: Scope, input: FormNoticeUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findCompany(tx, companyId, true), 'Company');
    const after = await updateCompany(tx, companyId, { formNotice: input.notice });
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'company.form-notice.update',
      description:
        input.notice === null ? 'Went back to the default privacy notice.' : 'Updated the privacy notice.',
      changes: { custom: { from: before.formNotice !== null, to: input.notice !== null } },
    });
    return noticeView(after);
  });

// -------------------------------------------------------------------------------- drafts and files

/** Saves the answers so far against the link (size-limited; shape checked by the route's schema). */
export async function saveDraft(db: Db, request: FormRequestRow, input: Fill) {
  if (Buffer.byteLength(JSON.stringify(input)) > FL.draftBytes)
    throw new DomainError('PAYLOAD_TOO_LARGE', 413, FM.draftTooBig);
  const savedAt = await withTenant(db, request.companyId, async (tx) => {
    await lockUsable(tx, request);
    return upsertDraft(tx, request.companyId, request.id, input);
  });
  return { savedAt: savedAt.toISOString() };
}

const MAGIC: Record<string, Buffer> = {
  'application/pdf': Buffer.from('%PDF-'),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
const fileProblem = (message: string) => new ValidationError(message, [{ path: 'body.data', message }]);

/** Stores one file for the link: PDF, JPEG or PNG by its first bytes, 1 byte to 5 MB, at most 20 per link. */
export async function uploadFile(db: Db, request: FormRequestRow, input: FormFileUpload) {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw fileProblem(FM.fileEmpty);
  if (bytes.length > FL.fileBytes) throw fileProblem(FM.fileTooBig);
  const magic = MAGIC[input.contentType] as Buffer;
  if (!bytes.subarray(0, magic.length).equals(magic)) throw fileProblem(FM.fileNotWhatItSays);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const id = await withTenant(db, request.companyId, async (tx) => {
    await lockUsable(tx, request);
    if ((await countAttachments(tx, request.companyId, request.id)) >= FL.filesPerRequest)
      throw fileProblem(FM.tooManyFiles);
    return insertAttachment(tx, {
      companyId: request.companyId,
      requestId: request.id,
      contentType: input.contentType,
      title: input.title,
      size: bytes.length,
      sha256: hash,
      data: bytes,
    });
  });
  return {
    url: formFileUrl(id),
    contentType: input.contentType,
    title: input.title,
    size: bytes.length,
    hash,
  };
}

// ------------------------------------------------------------------------------------- on submission

/** Every answer naming an uploaded file must name one of this link's, with its size, type and SHA-256. */
async function fileProblems(tx: Tx, request: FormRequestRow, answers: Fill['answers']) {
  const refs = Object.entries(answers).flatMap(([linkId, given]) =>
    given.flatMap((a) => (a.valueAttachment?.url ? [{ linkId, file: a.valueAttachment }] : [])),
  );
  const ids = refs.map((r) => Number(formFileIdOf(r.file.url ?? '') ?? 0)).filter((id) => id > 0);
  const stored = new Map(
    (await findAttachments(tx, request.companyId, request.id, ids)).map((f) => [formFileUrl(f.id), f]),
  );
  // A file sent inline (not uploaded) must still be of the types a form takes.
  const inlineTypes = Object.entries(answers).flatMap(([linkId, given]): Problem[] =>
    given.some(
      (a) =>
        a.valueAttachment?.data !== undefined &&
        !(FORM_FILE_TYPES as readonly string[]).includes(a.valueAttachment.contentType),
    )
      ? [{ path: `body.answers.${linkId}`, message: FM.fileType }]
      : [],
  );
  return inlineTypes.concat(
    refs.flatMap(({ linkId, file }): Problem[] => {
      const found = stored.get(file.url ?? '');
      const sound =
        found &&
        found.size === file.size &&
        found.sha256 === file.hash &&
        found.contentType === file.contentType;
      return sound ? [] : [{ path: `body.answers.${linkId}`, message: FM.unknownFile }];
    }),
  );
}

/**
 * The checks the fill page adds to the answers' own, made again on the server: uploaded files are this
 * link's, and a client under 18 (by the answered date of birth, else the record's, in the company's time
 * zone) has a parent or guardian's name, relationship and signature.
 */
export async function fillProblems(
  tx: Tx,
  request: FormRequestRow,
  definition: Questionnaire,
  input: Fill,
  context: { recordDob: string | null; region: string },
): Promise<Problem[]> {
  const minor = isMinor(
    birthDateOf(definition, input.answers, context.recordDob),
    todayIn(timeZoneFor(context.region)),
  );
  const guardian = minor
    ? guardianProblems(input.guardian).map((p) => ({ ...p, path: `body.${p.path}` }))
    : input.guardian
      ? [{ path: 'body.guardian', message: FM.guardianNotNeeded }]
      : [];
  return [...(await fileProblems(tx, request, input.answers)), ...guardian];
}

/** What the fill page adds, sealed with the answers as FHIR extensions of the QuestionnaireResponse. */
export function fillExtensions(input: Fill) {
  return [
    { url: 'urn:practice-desk:marketing-consent', valueBoolean: input.marketingConsent },
    ...(input.guardian
      ? [
          {
            url: 'urn:practice-desk:guardian',
            extension: [
              { url: 'name', valueString: input.guardian.name },
              { url: 'relationship', valueString: input.guardian.relationship },
              { url: 'signature', valueAttachment: input.guardian.signature },
            ],
          },
        ]
      : []),
  ];
}
