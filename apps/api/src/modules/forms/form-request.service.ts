import { createHash } from 'node:crypto';
import {
  answerProblems,
  buildQuestionnaireResponse,
  FORM_LINK_DAYS,
  type FormRequestCreate,
  type FormRequestCreated,
  type FormRequestListQuery,
  type FormSubmit,
  formFillSchema,
  isMinor,
  type PublicForm,
  questionnaireSchema,
  FORM_REQUEST_MESSAGES as RM,
  timeZoneFor,
  todayIn,
} from '@pd/contracts';
import canonicalize from 'canonicalize';
import { hashToken, newSessionToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { type Tx, withSystem, withTenant } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findClientRow } from '../clients/client.queries.ts';
import { rowToInput } from '../clients/client.values.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findConfigs } from '../intake/intake.queries.ts';
import type { DeliveryPublisher } from '../messaging/delivery/queue.ts';
import { type Queued, queueEmail, queueSms, send } from '../messaging/send.service.ts';
import { findForm, findVersion } from './form.queries.ts';
import { deleteDraft, findDraft } from './form-fill.queries.ts';
import { fillExtensions, fillProblems, noticeOf } from './form-fill.service.ts';
import { lockUsable, stillUsable } from './form-link.ts';
import { prefillAnswers } from './form-prefill.ts';
import {
  type FormRequestRow,
  findFormRequest,
  findRequestByHash,
  findSubmission,
  insertFormRequest,
  insertSubmission,
  markRequest,
  selectFormRequestPage,
  selectFormRequests,
  withdrawIfUnused,
} from './form-request.queries.ts';

const DAY = 86_400_000;
const subProcess = 'Client Management' as const;
/** The fill page's own entry (fill.html, served at /f); the token is in the fragment, which never reaches a server. */
export const publicFormPath = (token: string) => `/f#${token}`;

const invalid = (path: string, message: string) => new ValidationError(message, [{ path, message }]);

/** The newest published version of the form and the live client, both of the company (400 naming which). */
async function checkRequest(tx: Tx, companyId: number, input: FormRequestCreate) {
  const form = await findForm(tx, companyId, input.formId);
  if (!form?.published) throw invalid('body.formId', RM.notPublished);
  const client = await findClientRow(tx, companyId, input.clientId);
  if (!client) throw invalid('body.clientId', RM.clientGone);
  return { form, versionId: form.published.id, client };
}

/** A resend's old link: withdrawn in the new link's transaction while it could still be used. */
async function supersede(tx: Tx, scope: Scope, id: number) {
  const { companyId } = scope.principal;
  mustExist(await findFormRequest(tx, companyId, id), 'Form request');
  await withdrawIfUnused(tx, companyId, id);
}

async function insertRequest(
  tx: Tx,
  scope: Scope,
  input: FormRequestCreate,
  tokenHash: string,
  supersedes?: number,
) {
  const { companyId, userId } = scope.principal;
  if (supersedes !== undefined) await supersede(tx, scope, supersedes);
  const { form, versionId, client } = await checkRequest(tx, companyId, input);
  const id = await insertFormRequest(tx, {
    companyId,
    formVersionId: versionId,
    clientId: input.clientId,
    channel: input.channel,
    tokenHash,
    expiresAt: new Date(Date.now() + input.expiresInDays * DAY),
    createdById: userId,
  });
  await recordAudit(tx, scope.principal, {
    clientId: input.clientId,
    subProcess,
    action: 'form.request',
    description: `${supersedes === undefined ? 'Sent' : 'Sent again'} form ${form.name} to ${client.name ?? 'the client'} (${input.channel}).`,
    changes: {
      requestId: id,
      formId: form.id,
      versionId,
      ...(supersedes === undefined ? {} : { supersedes }),
    },
  });
  return { id, formName: form.name };
}

/** The message that carries the link: short enough for one SMS segment with a typical practice name. */
async function queueLink(
  tx: Tx,
  scope: Scope,
  input: FormRequestCreate,
  formName: string,
  url: string,
  days: number,
) {
  const { companyId, userId } = scope.principal;
  const practice = mustExist(await findCompany(tx, companyId), 'Company').name;
  if (input.channel === 'sms')
    return queueSms(
      tx,
      scope.principal,
      input.clientId,
      { companyId, userId, smsMessage: `${practice}: please fill in "${formName}": ${url}` },
      undefined,
    );
  const emailMessage = `${practice} asks you to fill in the form "${formName}".\n\nOpen it here: ${url}\n\nThe link works once, for ${days} days.`;
  return queueEmail(
    tx,
    scope.principal,
    input.clientId,
    { companyId, userId, emailSubject: `${formName} from ${practice}`, emailMessage },
    undefined,
  );
}

/**
 * Sends a form to a client: a one-time link (256 random bits, only its SHA-256 kept) that expires after
 * `expiresInDays`, by SMS or e-mail through the outbox (SMS paid from the prepaid credit, in the same
 * transaction), or shown for a tablet at reception (kiosk). The link is in the answer this once.
 */
export async function createFormRequest(
  scope: Scope,
  publisher: DeliveryPublisher,
  input: FormRequestCreate,
  baseUrl: string,
  /** Resend: the request this one replaces (its link is withdrawn in the same transaction). */
  supersedes?: number,
): Promise<FormRequestCreated> {
  const token = newSessionToken();
  const url = `${baseUrl}${publicFormPath(token)}`;
  let id = 0;
  if (input.channel === 'kiosk') {
    id = await inTenant(
      scope,
      async (tx) => (await insertRequest(tx, scope, input, hashToken(token), supersedes)).id,
    );
  } else {
    await send(scope, publisher, async (tx): Promise<Queued> => {
      const request = await insertRequest(tx, scope, input, hashToken(token), supersedes);
      id = request.id;
      const queued = await queueLink(tx, scope, input, request.formName, url, input.expiresInDays);
      await markRequest(tx, scope.principal.companyId, id, { messageId: queued.id });
      return queued;
    });
  }
  const request = await inTenant(scope, async (tx) => findFormRequest(tx, scope.principal.companyId, id));
  return { ...mustExist(request, 'Form request'), url };
}

/** A new link for the same client and form (its newest published version), by the same channel unless told. */
export async function resendFormRequest(
  scope: Scope,
  publisher: DeliveryPublisher,
  id: number,
  channel: FormRequestCreate['channel'] | undefined,
  baseUrl: string,
): Promise<FormRequestCreated> {
  const old = mustExist(
    await inTenant(scope, (tx) => findFormRequest(tx, scope.principal.companyId, id)),
    'Form request',
  );
  const input = {
    formId: old.formId,
    clientId: old.clientId,
    channel: channel ?? old.channel,
    expiresInDays: FORM_LINK_DAYS.default,
  };
  return createFormRequest(scope, publisher, input, baseUrl, id);
}

export const listFormRequestPage = (scope: Scope, query: FormRequestListQuery) =>
  inTenant(scope, (tx) => selectFormRequestPage(tx, scope.principal.companyId, query));

export const listFormRequests = (scope: Scope, clientId?: number) =>
  inTenant(scope, (tx) => selectFormRequests(tx, scope.principal.companyId, clientId));

/** Withdraws a link that was not used (409 otherwise). */
export const revokeFormRequest = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const request = mustExist(await findFormRequest(tx, companyId, id), 'Form request');
    if (request.status === 'submitted' || request.status === 'revoked')
      throw new ConflictError(RM.notRevocable);
    await markRequest(tx, companyId, id, { status: 'revoked', revokedAt: new Date() });
    await recordAudit(tx, scope.principal, {
      clientId: request.clientId,
      subProcess,
      action: 'form.revoke',
      description: `Withdrew the link to form ${request.formName}.`,
      changes: { requestId: id },
    });
  });

export const getFormSubmission = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const s = mustExist(await findSubmission(tx, scope.principal.companyId, id), 'Form submission');
    return {
      ...s,
      response: s.response as Record<string, unknown>,
      submittedAt: s.submittedAt.toISOString(),
    };
  });

// --------------------------------------------------------------------------------------- public side

/** The request a token names, if it can still be used; 404 for no such token, 410 for a used, expired or withdrawn one. */
export async function usableRequest(db: Db, token: string): Promise<FormRequestRow> {
  const request = await withSystem(db, (tx) => findRequestByHash(tx, hashToken(token)));
  if (!request) throw new NotFoundError('Form');
  return stillUsable(request);
}

async function recordOf(tx: Tx, companyId: number, clientId: number) {
  const client = mustExist(await findClientRow(tx, companyId, clientId), 'Client');
  const config = (await findConfigs(tx, companyId, [clientId])).get(clientId) ?? {};
  return { ...config, ...rowToInput(client) } as Record<string, unknown>;
}

/**
 * What the fill page shows: the practice's name and privacy notice, the form's published version, the
 * answers prefilled from the client's record for mapped items only, whether the record says the client is
 * under 18, and a draft saved through the link. The first opening is recorded.
 */
export async function openPublicForm(db: Db, token: string): Promise<PublicForm> {
  const request = await usableRequest(db, token);
  return withTenant(db, request.companyId, async (tx) => {
    const version = mustExist(await findVersion(tx, request.companyId, request.formVersionId), 'Form');
    const definition = questionnaireSchema.parse(version.definition);
    const company = mustExist(await findCompany(tx, request.companyId), 'Company');
    if (request.status === 'sent')
      await markRequest(tx, request.companyId, request.id, { status: 'opened', openedAt: new Date() });
    const record = await recordOf(tx, request.companyId, request.clientId);
    const draft = await findDraft(tx, request.companyId, request.id);
    return {
      practiceName: company.name,
      definition,
      prefill: prefillAnswers(definition, record),
      expiresAt: request.expiresAt.toISOString(),
      notice: noticeOf(company),
      kiosk: request.channel === 'kiosk',
      minor: isMinor(record.dob as string | null, todayIn(timeZoneFor(company.region))),
      // A draft saved under an older shape is dropped rather than failing the page.
      draft: (draft && formFillSchema.safeParse(draft.draft).data) ?? null,
    };
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Inline = NonNullable<FormSubmit['answers'][string][number]['valueAttachment']>;

/** An attached file carried inline (a signature) must be what it says: its size, its SHA-256 and, for a PNG, a PNG. */
function inlineSound(file: Inline) {
  const bytes = Buffer.from(file.data ?? '', 'base64');
  return (
    bytes.length === file.size &&
    createHash('sha256').update(bytes).digest('hex') === file.hash &&
    (file.contentType !== 'image/png' || bytes.subarray(0, 8).equals(PNG_SIGNATURE))
  );
}

function attachmentProblems(input: FormSubmit) {
  const problems: { path: string; message: string }[] = [];
  for (const [linkId, given] of Object.entries(input.answers)) {
    for (const answer of given) {
      const file = answer.valueAttachment;
      if (file?.data !== undefined && !inlineSound(file))
        problems.push({ path: `body.answers.${linkId}`, message: RM.badAttachment });
    }
  }
  const signature = input.guardian?.signature;
  if (signature && (signature.data === undefined || !inlineSound(signature)))
    problems.push({ path: 'body.guardian.signature', message: RM.badAttachment });
  return problems;
}

export const sealOf = (response: unknown) =>
  createHash('sha256')
    .update(canonicalize(response) ?? '')
    .digest('hex');

/**
 * Stores what the client submitted, once: the answers are checked against the definition whatever the page
 * did (400 naming each), the QuestionnaireResponse is built from them, sealed with the SHA-256 of its
 * canonical JSON and kept with the time, address and browser. A second submission of the link is 410 (the
 * request row is locked and the submission's unique key holds it once).
 */
export async function submitPublicForm(
  db: Db,
  token: string,
  input: FormSubmit,
  from: { ip: string; userAgent: string },
) {
  const found = await usableRequest(db, token);
  return withTenant(db, found.companyId, async (tx) => {
    const request = await lockUsable(tx, found);
    const version = mustExist(await findVersion(tx, request.companyId, request.formVersionId), 'Form');
    const definition = questionnaireSchema.parse(version.definition);
    const company = mustExist(await findCompany(tx, request.companyId), 'Company');
    const client = mustExist(await findClientRow(tx, request.companyId, request.clientId), 'Client');
    const problems = [
      ...answerProblems(definition, input.answers).map((p) => ({ ...p, path: `body.${p.path}` })),
      ...attachmentProblems(input),
      ...(await fillProblems(tx, request, definition, input, {
        recordDob: client.dob,
        region: company.region,
      })),
    ];
    if (problems.length > 0) throw new ValidationError(RM.incomplete, problems);
    const response = {
      ...buildQuestionnaireResponse(definition, input.answers),
      questionnaire: `Questionnaire/${version.formId}|${version.version}`,
      extension: fillExtensions(input),
    };
    const seal = sealOf(response);
    const saved = await insertSubmission(tx, {
      companyId: request.companyId,
      requestId: request.id,
      formVersionId: request.formVersionId,
      clientId: request.clientId,
      response,
      seal,
      ip: from.ip.slice(0, 64),
      userAgent: from.userAgent.slice(0, 300),
      marketingConsent: input.marketingConsent,
    });
    await deleteDraft(tx, request.companyId, request.id);
    await markRequest(tx, request.companyId, request.id, { status: 'submitted' });
    return { submittedAt: saved.submittedAt.toISOString(), seal };
  });
}
