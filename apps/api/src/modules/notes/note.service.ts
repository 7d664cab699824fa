import {
  MAX_RICH_TEXT_CHARS,
  NEW_NOTE_DEFAULTS,
  type Note,
  type NoteInput,
  type NoteUpdate,
} from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { assertDeletionConfirmed } from '../../lib/confirm-deletion.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { drawingProblem } from '../../lib/drawing.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { applyPatch } from '../../lib/patch.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { mustExist } from '../../lib/sql.ts';
import { type FieldChanges, recordAudit } from '../audit/audit.service.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { liveClient } from '../clients/client.service.ts';
import {
  findNote,
  findNoteRow,
  insertNote,
  type NoteRow,
  type NoteValues,
  selectClientNotes,
  selectCompanyNotes,
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

/** The note as the caller sees it, right after a change in the same transaction. */
const noteAsSeen = async (tx: Tx, principal: Principal, id: number): Promise<Note> =>
  mustExist(await findNote(tx, principal.companyId, id, principal.userId), 'Note');

async function addNote(tx: Tx, principal: Principal, clientId: number, values: NoteValues, how: string) {
  const client = await liveClient(tx, principal.companyId, clientId);
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
  return noteAsSeen(tx, principal, id);
}

export const listCompanyNotes = (scope: Scope) =>
  inTenant(scope, (tx) => selectCompanyNotes(tx, scope.principal.companyId, scope.principal.userId));

export const listClientNotes = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    await liveClient(tx, companyId, clientId);
    return selectClientNotes(tx, companyId, clientId, userId);
  });

export const createNote = (scope: Scope, clientId: number, input: NoteInput) =>
  inTenant(scope, (tx) => {
    const { id: _ignored, ...fields } = input;
    return addNote(tx, scope.principal, clientId, storedNoteValues(fields), '');
  });

/** Spec: subject and body from the template, with the new-note defaults. */
export const createNoteFromTemplate = (scope: Scope, clientId: number, templateId: number) =>
  inTenant(scope, async (tx) => {
    const { principal } = scope;
    await liveClient(tx, principal.companyId, clientId);
    const template = mustExist(await findNoteTemplate(tx, principal.companyId, templateId), 'Note template');
    const values = storedNoteValues({
      ...NEW_NOTE_DEFAULTS,
      subject: template.subject,
      description: template.body,
    });
    return addNote(tx, principal, clientId, values, ` from template ${template.id}`);
  });

/** A note that is not shared answers like a missing one to everyone but its author. */
async function visibleNote(tx: Tx, principal: Principal, id: number): Promise<NoteRow> {
  const row = await findNoteRow(tx, principal.companyId, id);
  const mayRead = row && (row.authorId === principal.userId || row.sharable === 'Y');
  // A deleted client's notes stay in the database but leave the app with it.
  const visible = mayRead && (await findLiveClient(tx, principal.companyId, row.clientId)) ? row : undefined;
  return mustExist(visible, 'Note');
}

function assertMayChange(principal: Principal, row: NoteRow) {
  if (row.authorId !== principal.userId && row.editable !== 'Y')
    throw new ForbiddenError('Only the author may change this note.');
}

/** Absent fields keep their value; only the author may change who sees or changes the note. */
export const changeNote = (scope: Scope, clientId: number, { id, ...patch }: NoteUpdate) =>
  inTenant(scope, async (tx) => {
    const { principal } = scope;
    const found = await visibleNote(tx, principal, id);
    // The path names the client: another client's note is not found there.
    const row = mustExist(found.clientId === clientId ? found : undefined, 'Note');
    assertMayChange(principal, row);
    const current: NoteFields = {
      subject: row.subject,
      description: row.description,
      type: row.type,
      format: row.format,
      sharable: row.sharable,
      editable: row.editable,
      status: row.status,
    } as NoteFields;
    const merged = applyPatch(current, patch);
    const isAuthor = row.authorId === principal.userId;
    if (!isAuthor && (merged.sharable !== row.sharable || merged.editable !== row.editable))
      throw new ForbiddenError('Only the author may change whether the note is sharable or editable.');
    const values = storedNoteValues(merged);
    const changes = noteChanges(row, values);
    if (Object.keys(changes).length > 0) {
      await updateNote(tx, principal.companyId, id, values);
      await recordAudit(tx, principal, {
        clientId,
        subProcess: 'Client Management',
        action: 'note.update',
        description: `Updated note ${id}.`,
        changes,
      });
    }
    return noteAsSeen(tx, principal, id);
  });

/** Spec section 5: deleting a note needs the answer Y. The row stays, marked deleted. */
export const deleteNote = (scope: Scope, id: number, answer?: string) =>
  inTenant(scope, async (tx) => {
    const { principal } = scope;
    const row = await visibleNote(tx, principal, id);
    assertMayChange(principal, row);
    assertDeletionConfirmed(answer);
    await softDeleteNote(tx, principal.companyId, id);
    await recordAudit(tx, principal, {
      clientId: row.clientId,
      subProcess: 'Client Management',
      action: 'note.delete',
      description: `Deleted note ${id}.`,
    });
  });
