import { MAX_RICH_TEXT_CHARS, NEW_NOTE_DEFAULTS, type NoteInput } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { drawingProblem } from '../../lib/drawing.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { type FieldChanges, recordAudit } from '../audit/audit.service.ts';
import {
  findLiveClient,
  findNoteRow,
  insertNote,
  type NoteRow,
  type NoteValues,
  softDeleteNote,
  updateNote,
} from './note.queries.ts';
import { findNoteTemplate } from './note-template.queries.ts';

type NoteFields = Omit<NoteInput, 'id'>;

const invalid = (path: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path, message }]);

/**
 * What is stored: rich text only as the sanitiser's output, a drawing only as a PNG data URL of at most
 * 2 MB, and editable only when the note is shared (it means "other staff may change it").
 */
export function storedNoteValues(input: NoteFields): NoteValues {
  let description = input.description;
  if (input.format === 'F') {
    const problem = drawingProblem(description);
    if (problem) throw invalid('body.description', problem);
  } else {
    if (description.length > MAX_RICH_TEXT_CHARS)
      throw invalid('body.description', `Rich text is limited to ${MAX_RICH_TEXT_CHARS} characters.`);
    description = sanitizeRichText(description);
  }
  return {
    subject: input.subject,
    description,
    type: input.type,
    format: input.format,
    sharable: input.sharable,
    editable: input.sharable === 'Y' ? input.editable : 'N',
    status: input.status,
  };
}

/**
 * The audit trail never holds a note's text: a note that is not shared is for its author's eyes only.
 * Subject and description are recorded as changed, without their content.
 */
function noteChanges(before: Partial<NoteValues>, after: NoteValues): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of Object.keys(after) as (keyof NoteValues)[]) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (from === to) continue;
    changes[key] =
      key === 'subject' || key === 'description'
        ? { from: from === null ? null : '(text)', to: '(text)' }
        : { from, to };
  }
  return changes;
}

async function liveClient(tx: Tx, principal: Principal, clientId: number) {
  const client = await findLiveClient(tx, principal.companyId, clientId);
  if (!client) throw new NotFoundError('Client');
  return client;
}

async function addNote(tx: Tx, principal: Principal, clientId: number, values: NoteValues, how: string) {
  const client = await liveClient(tx, principal, clientId);
  const id = await insertNote(
    tx,
    { companyId: principal.companyId, clientId, authorId: principal.userId },
    values,
  );
  await recordAudit(tx, principal, {
    clientId,
    subProcess: 'Client Management',
    action: 'note.create',
    description: `Added note ${id} for client ${client.name}${how}.`,
    changes: noteChanges({}, values),
  });
  return id;
}

export function createNote(tx: Tx, principal: Principal, clientId: number, input: NoteFields) {
  return addNote(tx, principal, clientId, storedNoteValues(input), '');
}

/** Spec: subject and body from the template, with the new-note defaults. */
export async function createNoteFromTemplate(
  tx: Tx,
  principal: Principal,
  clientId: number,
  templateId: number,
) {
  await liveClient(tx, principal, clientId);
  const template = await findNoteTemplate(tx, principal.companyId, templateId);
  if (!template) throw new NotFoundError('Note template');
  const values = storedNoteValues({
    ...NEW_NOTE_DEFAULTS,
    subject: template.subject,
    description: template.body,
  });
  return addNote(tx, principal, clientId, values, ` from template ${template.id}`);
}

/** A note that is not shared answers like a missing one to everyone but its author. */
async function visibleNote(tx: Tx, principal: Principal, id: number): Promise<NoteRow> {
  const row = await findNoteRow(tx, principal.companyId, id);
  if (!row || (row.authorId !== principal.userId && row.sharable !== 'Y')) throw new NotFoundError('Note');
  // A deleted client's notes stay in the database but leave the app with it.
  if (!(await findLiveClient(tx, principal.companyId, row.clientId))) throw new NotFoundError('Note');
  return row;
}

function assertMayChange(principal: Principal, row: NoteRow) {
  if (row.authorId !== principal.userId && row.editable !== 'Y')
    throw new ForbiddenError('Only the author may change this note.');
}

/** Absent fields keep their value; only the author may change who sees or changes the note. */
export async function changeNote(
  tx: Tx,
  principal: Principal,
  clientId: number,
  id: number,
  patch: Partial<NoteFields>,
): Promise<void> {
  const row = await visibleNote(tx, principal, id);
  if (row.clientId !== clientId) throw new NotFoundError('Note');
  assertMayChange(principal, row);
  const current = {
    subject: row.subject,
    description: row.description,
    type: row.type,
    format: row.format,
    sharable: row.sharable,
    editable: row.editable,
    status: row.status,
  } as NoteFields;
  const merged: NoteFields = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  const isAuthor = row.authorId === principal.userId;
  if (!isAuthor && (merged.sharable !== row.sharable || merged.editable !== row.editable))
    throw new ForbiddenError('Only the author may change whether the note is sharable or editable.');
  const values = storedNoteValues(merged);
  const changes = noteChanges(row, values);
  if (Object.keys(changes).length === 0) return;
  await updateNote(tx, id, values);
  await recordAudit(tx, principal, {
    clientId,
    subProcess: 'Client Management',
    action: 'note.update',
    description: `Updated note ${id}.`,
    changes,
  });
}

/** Spec section 5: deleting a note needs the answer Y. The row stays, marked deleted. */
export async function deleteNote(tx: Tx, principal: Principal, id: number, answer?: string): Promise<void> {
  const row = await visibleNote(tx, principal, id);
  assertMayChange(principal, row);
  if (answer !== 'Y') {
    throw new ValidationError('Confirm the deletion with the answer Y.', [
      { path: 'querystring.answer', message: 'The answer must be Y.' },
    ]);
  }
  await softDeleteNote(tx, id);
  await recordAudit(tx, principal, {
    clientId: row.clientId,
    subProcess: 'Client Management',
    action: 'note.delete',
    description: `Deleted note ${id}.`,
  });
}
