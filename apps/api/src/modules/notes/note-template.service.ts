import type { NoteTemplateInput, NoteTemplateUpdate } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { applyPatch } from '../../lib/patch.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteNoteTemplate,
  findNoteTemplate,
  insertNoteTemplate,
  listNoteTemplates,
  updateNoteTemplate,
} from './note-template.queries.ts';

const subProcess = 'Client Management';

/** The body is stored as the sanitiser's output. */
const stored = (input: NoteTemplateInput) => ({ subject: input.subject, body: sanitizeRichText(input.body) });

export const listTemplates = (scope: Scope) =>
  inTenant(scope, (tx) => listNoteTemplates(tx, scope.principal.companyId));

export const createTemplate = (scope: Scope, input: NoteTemplateInput) =>
  inTenant(scope, async (tx) => {
    const values = stored(input);
    const template = await insertNoteTemplate(tx, scope.principal.companyId, values);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'notetemplate.create',
      description: `Added note template ${template.subject}.`,
      changes: { subject: { from: null, to: values.subject } },
    });
    return template;
  });

/** Absent fields keep their value. */
export const changeTemplate = (scope: Scope, id: number, patch: NoteTemplateUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findNoteTemplate(tx, companyId, id, true), 'Note template');
    const values = stored(applyPatch({ subject: before.subject, body: before.body }, patch));
    const changes = diffFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    const template = await updateNoteTemplate(tx, companyId, id, values);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'notetemplate.update',
      description: `Updated note template ${values.subject}.`,
      changes,
    });
    return template;
  });

/** Notes made from a template keep their own copy of its text, so it can always go. */
export const removeTemplate = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findNoteTemplate(tx, companyId, id, true), 'Note template');
    await deleteNoteTemplate(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'notetemplate.delete',
      description: `Deleted note template ${before.subject}.`,
    });
  });
