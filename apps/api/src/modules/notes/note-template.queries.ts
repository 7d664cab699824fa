import { and, asc, eq } from 'drizzle-orm';
import { noteTemplates } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

const columns = {
  id: noteTemplates.id,
  companyId: noteTemplates.companyId,
  subject: noteTemplates.subject,
  body: noteTemplates.body,
};

export function listNoteTemplates(tx: Tx, companyId: number) {
  return tx
    .select(columns)
    .from(noteTemplates)
    .where(eq(noteTemplates.companyId, companyId))
    .orderBy(asc(noteTemplates.subject), asc(noteTemplates.id));
}

export async function findNoteTemplate(tx: Tx, companyId: number, id: number, lock = false) {
  const query = tx
    .select(columns)
    .from(noteTemplates)
    .where(and(eq(noteTemplates.companyId, companyId), eq(noteTemplates.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertNoteTemplate(
  tx: Tx,
  companyId: number,
  values: { subject: string; body: string },
) {
  const [row] = await tx
    .insert(noteTemplates)
    .values({ ...values, companyId })
    .returning(columns);
  if (!row) throw new Error('note template not inserted');
  return row;
}

export async function updateNoteTemplate(tx: Tx, id: number, values: { subject: string; body: string }) {
  const [row] = await tx
    .update(noteTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(noteTemplates.id, id))
    .returning(columns);
  if (!row) throw new Error('note template not updated');
  return row;
}

export async function deleteNoteTemplate(tx: Tx, id: number): Promise<void> {
  await tx.delete(noteTemplates).where(eq(noteTemplates.id, id));
}
