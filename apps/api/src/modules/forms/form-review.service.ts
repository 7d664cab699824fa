import {
  DIAGNOSIS_LIST,
  type FormAccept,
  type FormReview,
  formatDateTimeIn,
  questionnaireSchema,
  type ResponseItem,
  FORM_REVIEW_MESSAGES as RV,
  timeZoneFor,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findClientRow } from '../clients/client.queries.ts';
import { rowToInput } from '../clients/client.values.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findConfigs } from '../intake/intake.queries.ts';
import { findVersion } from './form.queries.ts';
import { writeAcceptedAnswers } from './form-accept.ts';
import type { FormSubmissionDocument } from './form-pdf.ts';
import { findFormRequest, findSubmission } from './form-request.queries.ts';
import { sealOf } from './form-request.service.ts';
import {
  findAcceptance,
  findClientForReview,
  insertAcceptance,
  lockSubmission,
} from './form-review.queries.ts';
import { displayValue, mappedAnswers, shownAnswers } from './form-review-answers.ts';

type Submission = NonNullable<Awaited<ReturnType<typeof findSubmission>>>;

/** The submission with what it answered: the request (form name, version) and the exact definition. */
async function submissionContext(tx: Tx, companyId: number, submission: Submission) {
  const request = mustExist(await findFormRequest(tx, companyId, submission.requestId), 'Form submission');
  const version = mustExist(await findVersion(tx, companyId, submission.formVersionId), 'Form submission');
  const definition = questionnaireSchema.parse(version.definition);
  const response = submission.response as { item?: ResponseItem[] };
  return { request, definition, response };
}

/** The record's values by field name (client fields, healthcare details, the ICD-10 codes as one list). */
async function recordValues(
  tx: Tx,
  companyId: number,
  clientId: number,
): Promise<Record<string, unknown> | null> {
  const client = await findClientForReview(tx, companyId, clientId);
  if (!client) return null;
  const config = (await findConfigs(tx, companyId, [clientId])).get(clientId) ?? {};
  const record = { ...config, ...rowToInput(client) } as Record<string, unknown>;
  const codes = [1, 2, 3, 4, 5].map((i) => record[`diagnosisCode${i}`]).filter(Boolean);
  return { ...record, [DIAGNOSIS_LIST]: codes.join(' ') };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** Issue 18, part 6: a submission beside the record: mapped answers with the record's values now, every answer as submitted. */
export const getFormReview = (scope: Scope, id: number): Promise<FormReview> =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const submission = mustExist(await findSubmission(tx, companyId, id), 'Form submission');
    const { request, definition, response } = await submissionContext(tx, companyId, submission);
    const record = await recordValues(tx, companyId, submission.clientId);
    return {
      submissionId: submission.id,
      requestId: submission.requestId,
      formName: request.formName,
      version: request.version,
      clientId: submission.clientId,
      clientName: record ? request.clientName : null,
      submittedAt: submission.submittedAt.toISOString(),
      ip: submission.ip,
      userAgent: submission.userAgent,
      seal: submission.seal,
      sealValid: sealOf(submission.response) === submission.seal,
      fields: mappedAnswers(definition, response).map((a) => {
        const current = text(record?.[a.field]);
        return {
          linkId: a.linkId,
          text: a.text,
          field: a.field,
          current: displayValue(a.item, current),
          submitted: displayValue(a.item, a.value),
          changes: current.toLowerCase() !== a.value.toLowerCase(),
        };
      }),
      answers: shownAnswers(definition, response),
      acceptance: await findAcceptance(tx, companyId, submission.id),
    };
  });

/**
 * Accepts a submission once: the chosen mapped answers are written into the record in this transaction with
 * the intake import's rules, audited, and the acceptance (who, when, which fields) is kept. The submission row
 * is locked first, so of two acceptances at once the second waits and is refused (409); the unique key holds it too.
 */
export async function acceptFormSubmission(scope: Scope, id: number, input: FormAccept): Promise<FormReview> {
  await inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const submission = mustExist(await lockSubmission(tx, companyId, id), 'Form submission');
    if (await findAcceptance(tx, companyId, id)) throw new ConflictError(RV.alreadyAccepted);
    const { request, definition, response } = await submissionContext(tx, companyId, submission);
    const mapped = mappedAnswers(definition, response);
    const unknown = input.linkIds.filter((linkId) => !mapped.some((a) => a.linkId === linkId));
    if (unknown.length > 0)
      throw new ValidationError(
        RV.notMapped,
        unknown.map((linkId) => ({ path: `body.linkIds.${linkId}`, message: RV.notMapped })),
      );
    const chosen = mapped.filter((a) => input.linkIds.includes(a.linkId));
    const company = mustExist(await findCompany(tx, companyId), 'Company');
    const description = `from form ${request.formName} (submission ${id})`;
    const written = await writeAcceptedAnswers(
      tx,
      scope.principal,
      {
        client: await findClientRow(tx, companyId, submission.clientId),
        healthcare: company.type === 'H',
        addressCountry: company.region === 'ZA' ? 'ZA' : 'UK',
      },
      chosen,
      description,
    );
    const clientId = written.clientId ?? submission.clientId;
    const fields = chosen.map((a) => a.field);
    if (
      !(await insertAcceptance(tx, {
        companyId,
        submissionId: id,
        clientId,
        fields,
        createdClient: written.created,
        acceptedById: userId,
      }))
    )
      throw new ConflictError(RV.alreadyAccepted);
    await recordAudit(tx, scope.principal, {
      clientId,
      subProcess: 'Client Management',
      action: 'form.accept',
      description: `Accepted form ${request.formName} (submission ${id}): ${fields.length === 0 ? 'no fields' : fields.join(', ')}.`,
      changes: { submissionId: id, requestId: request.id, fields, createdClient: written.created },
    });
  });
  return getFormReview(scope, id);
}

/** Issue 18, part 5: the PDF of exactly what was submitted, drawn by a renderer after the read has ended. */
export async function formSubmissionPdf(scope: Scope, renderer: PdfRenderer, id: number) {
  const { companyId } = scope.principal;
  const document = await inTenant(scope, async (tx): Promise<FormSubmissionDocument> => {
    const submission = mustExist(await findSubmission(tx, companyId, id), 'Form submission');
    const { request, definition, response } = await submissionContext(tx, companyId, submission);
    const company = mustExist(await findCompany(tx, companyId), 'Company');
    const zone = timeZoneFor(company.region);
    return {
      practiceName: company.name,
      formName: request.formName,
      version: request.version,
      clientName: request.clientName ?? `client ${submission.clientId} (deleted)`,
      submissionId: id,
      submittedAt: `${formatDateTimeIn(submission.submittedAt.toISOString(), zone)} (${zone})`,
      ip: submission.ip,
      userAgent: submission.userAgent,
      seal: submission.seal,
      sealValid: sealOf(submission.response) === submission.seal,
      answers: shownAnswers(definition, response),
    };
  });
  const pdf = await renderer.render({ kind: 'formSubmission', document }, companyId);
  const safeName = document.formName.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'Form';
  return { fileName: `${safeName} ${id}.pdf`, pdf };
}
