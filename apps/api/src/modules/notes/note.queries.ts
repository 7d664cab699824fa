import type { Note } from '@pd/contracts';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { clients, notes, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

export type NoteRow = typeof notes.$inferSelect;
export type NoteValues = Pick<
  typeof notes.$inferInsert,
  'subject' | 'description' | 'type' | 'format' | 'sharable' | 'editable' | 'status'
>;

/** A note the user may see: their own, or one shared with the company's staff. */
export const visibleTo = (userId: number) =>
  and(isNull(notes.deletedAt), or(eq(notes.authorId, userId), eq(notes.sharable, 'Y')));

function selectNotes(tx: Tx, userId: number) {
  return tx
    .select({
      id: notes.id,
      clientId: notes.clientId,
      authorId: notes.authorId,
      authorName: users.displayName,
      subject: notes.subject,
      description: notes.description,
      type: notes.type,
      format: notes.format,
      sharable: notes.sharable,
      editable: notes.editable,
      status: notes.status,
      canEdit: sql<boolean>`(${notes.authorId} = ${userId} or (${notes.sharable} = 'Y' and ${notes.editable} = 'Y'))`,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
    })
    .from(notes)
    .innerJoin(users, and(eq(users.companyId, notes.companyId), eq(users.id, notes.authorId)))
    .innerJoin(
      clients,
      and(eq(clients.companyId, notes.companyId), eq(clients.id, notes.clientId), isNull(clients.deletedAt)),
    );
}

type Selected = Awaited<ReturnType<typeof selectNotes>>[number];

const toNote = ({ createdAt, updatedAt, ...row }: Selected): Note =>
  ({ ...row, created: createdAt.toISOString(), updated: updatedAt.toISOString() }) as Note;

async function noteList(tx: Tx, userId: number, where: SQL | undefined): Promise<Note[]> {
  const rows = await selectNotes(tx, userId)
    .where(and(visibleTo(userId), where))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return rows.map(toNote);
}

export const selectCompanyNotes = (tx: Tx, companyId: number, userId: number) =>
  noteList(tx, userId, eq(notes.companyId, companyId));

export const selectClientNotes = (tx: Tx, companyId: number, clientId: number, userId: number) =>
  noteList(tx, userId, and(eq(notes.companyId, companyId), eq(notes.clientId, clientId)));

export async function findNote(tx: Tx, companyId: number, id: number, userId: number) {
  const [row] = await selectNotes(tx, userId).where(
    and(eq(notes.companyId, companyId), eq(notes.id, id), visibleTo(userId)),
  );
  return row ? toNote(row) : undefined;
}

/** The note row, locked for a change; deleted notes are gone. */
export async function findNoteRow(tx: Tx, companyId: number, id: number): Promise<NoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.companyId, companyId), eq(notes.id, id), isNull(notes.deletedAt)))
    .for('update');
  return row;
}

export async function insertNote(
  tx: Tx,
  ids: { companyId: number; clientId: number; authorId: number },
  values: NoteValues,
): Promise<number> {
  const [row] = await tx
    .insert(notes)
    .values({ ...ids, ...values })
    .returning({ id: notes.id });
  return mustExist(row, 'note').id;
}

const ofCompany = (companyId: number, id: number) => and(eq(notes.companyId, companyId), eq(notes.id, id));

export async function updateNote(tx: Tx, companyId: number, id: number, values: NoteValues): Promise<void> {
  await tx
    .update(notes)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(companyId, id));
}

export async function softDeleteNote(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx
    .update(notes)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(ofCompany(companyId, id));
}
