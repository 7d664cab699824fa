import {
  definitionProblems,
  FORM_MESSAGES as FM,
  type FormCreate,
  type FormDetail,
  type FormDraft,
  type FormVersion,
  type Questionnaire,
  questionnaireSchema,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteDraft,
  findForm,
  findVersion,
  insertDraft,
  insertForm,
  lockForm,
  publishDraft,
  renameForm,
  selectForms,
  updateDraft,
} from './form.queries.ts';
import { formTemplate } from './form-templates.ts';

const subProcess = 'Client Management' as const;

/** A clash on one of the forms' unique keys is a 409 that says which; the transaction is over either way. */
async function uniquely<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedConstraint(error, UNIQUE_VIOLATION);
    if (constraint === 'forms_name_key') throw new ConflictError(FM.nameTaken(name));
    if (constraint === 'form_versions_one_draft_key' || constraint === 'form_versions_number_key')
      throw new ConflictError(FM.draftStarted);
    throw error;
  }
}

export const listForms = (scope: Scope) =>
  inTenant(scope, async (tx) =>
    (await selectForms(tx, scope.principal.companyId)).map(({ versions: _versions, ...form }) => form),
  );

const detail = async (tx: Tx, companyId: number, id: number): Promise<FormDetail> =>
  mustExist(await findForm(tx, companyId, id), 'Form');

export const getForm = (scope: Scope, id: number) =>
  inTenant(scope, (tx) => detail(tx, scope.principal.companyId, id));

export const getFormVersion = (scope: Scope, versionId: number) =>
  inTenant(scope, async (tx): Promise<FormVersion> => {
    const v = mustExist(await findVersion(tx, scope.principal.companyId, versionId), 'Form version');
    return {
      id: v.id,
      formId: v.formId,
      version: v.version,
      status: v.status as FormVersion['status'],
      publishedAt: v.publishedAt?.toISOString() ?? null,
      publishedBy: v.publishedBy,
      updated: v.updatedAt.toISOString(),
      definition: questionnaireSchema.parse(v.definition),
    };
  });

function startingDefinition(input: FormCreate): Questionnaire {
  if (input.template) {
    const definition = formTemplate(input.template);
    if (!definition)
      throw new ValidationError(FM.unknownTemplate, [{ path: 'body.template', message: FM.unknownTemplate }]);
    return input.name ? { ...definition, title: input.name } : definition;
  }
  if (input.definition) return input.name ? { ...input.definition, title: input.name } : input.definition;
  return { resourceType: 'Questionnaire', title: input.name ?? '', item: [] };
}

/** A new form, as its version 1 draft: from a shipped template, a given definition, or empty. */
export const createForm = (scope: Scope, input: FormCreate) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const definition = startingDefinition(input);
    const id = await uniquely(definition.title, () => insertForm(tx, companyId, definition.title, userId));
    await insertDraft(tx, companyId, id, 1, definition);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'form.create',
      description: `Added form ${definition.title}${input.template ? ` from the template ${input.template}` : ''}.`,
      changes: { formId: id },
    });
    return detail(tx, companyId, id);
  });

/**
 * Saves the form's draft (its title names the form). A published form gets a new draft, numbered after its
 * newest version; the published versions never change. A draft may be incomplete: publication checks it.
 */
export const saveFormDraft = (scope: Scope, formId: number, input: FormDraft) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await lockForm(tx, companyId, formId), 'Form');
    const before = await detail(tx, companyId, formId);
    const { definition } = input;
    if (before.draft) await updateDraft(tx, companyId, before.draft.id, definition);
    else {
      const next = (before.versions[0]?.version ?? 0) + 1;
      await uniquely(definition.title, () => insertDraft(tx, companyId, formId, next, definition));
    }
    if (definition.title !== before.name)
      await uniquely(definition.title, () => renameForm(tx, companyId, formId, definition.title));
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'form.draft',
      description: `Saved the draft of form ${definition.title}.`,
      changes: {
        formId,
        ...(definition.title !== before.name ? { name: [before.name, definition.title] } : {}),
      },
    });
    return detail(tx, companyId, formId);
  });

/** Publishes the draft once every item is sound (400 naming each problem); it never changes after. */
export const publishForm = (scope: Scope, formId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    mustExist(await lockForm(tx, companyId, formId), 'Form');
    const before = await detail(tx, companyId, formId);
    if (!before.draft) throw new ConflictError(FM.noDraft);
    const draft = mustExist(await findVersion(tx, companyId, before.draft.id), 'Form version');
    const problems = definitionProblems(questionnaireSchema.parse(draft.definition));
    if (problems.length > 0)
      throw new ValidationError(
        FM.notPublishable,
        problems.map((p) => ({ path: `definition.${p.path}`, message: p.message })),
      );
    if (!(await publishDraft(tx, companyId, draft.id, userId))) throw new ConflictError(FM.noDraft);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'form.publish',
      description: `Published version ${draft.version} of form ${before.name}.`,
      changes: { formId, versionId: draft.id, version: draft.version },
    });
    return detail(tx, companyId, formId);
  });

/** Drops the draft of a published form (its published version stays what clients are sent). */
export const discardFormDraft = (scope: Scope, formId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await lockForm(tx, companyId, formId), 'Form');
    const before = await detail(tx, companyId, formId);
    if (!before.draft) throw new ConflictError(FM.noDraft);
    if (!before.published) throw new ConflictError(FM.neverPublished);
    await deleteDraft(tx, companyId, before.draft.id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'form.discard',
      description: `Discarded the draft of form ${before.name}.`,
      changes: { formId, version: before.draft.version },
    });
  });
