import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteNoteTemplate,
  findNoteTemplate,
  insertNoteTemplate,
  updateNoteTemplate,
} from './note-template.queries.ts';

interface TemplateFields {
  subject: string;
  body: string;
}

const audit = (tx: Tx, principal: Principal, action: string, description: string, changes?: object) =>
  recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action,
    description,
    changes: changes as Record<string, unknown> | undefined,
  });

export async function createTemplate(tx: Tx, principal: Principal, input: TemplateFields) {
  const values = { subject: input.subject, body: sanitizeRichText(input.body) };
  const template = await insertNoteTemplate(tx, principal.companyId, values);
  await audit(tx, principal, 'notetemplate.create', `Added note template ${template.subject}.`, {
    subject: { from: null, to: values.subject },
  });
  return template;
}

/** Absent fields keep their value; the body is stored as the sanitiser's output. */
export async function changeTemplate(
  tx: Tx,
  principal: Principal,
  id: number,
  patch: Partial<TemplateFields>,
) {
  const before = await findNoteTemplate(tx, principal.companyId, id, true);
  if (!before) throw new NotFoundError('Note template');
  const values = {
    subject: patch.subject ?? before.subject,
    body: sanitizeRichText(patch.body ?? before.body),
  };
  const changes = diffFields(before, values);
  if (Object.keys(changes).length === 0) return before;
  const template = await updateNoteTemplate(tx, id, values);
  await audit(tx, principal, 'notetemplate.update', `Updated note template ${values.subject}.`, changes);
  return template;
}

/** Notes made from a template keep their own copy of its text, so it can always go. */
export async function removeTemplate(tx: Tx, principal: Principal, id: number): Promise<void> {
  const before = await findNoteTemplate(tx, principal.companyId, id, true);
  if (!before) throw new NotFoundError('Note template');
  await deleteNoteTemplate(tx, id);
  await audit(tx, principal, 'notetemplate.delete', `Deleted note template ${before.subject}.`);
}
