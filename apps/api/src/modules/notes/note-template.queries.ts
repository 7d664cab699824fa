import { and, asc, eq } from 'drizzle-orm';
import { noteTemplates } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

const ofCompany = (companyId: number, id: number) =>
  and(eq(noteTemplates.companyId, companyId), eq(noteTemplates.id, id));

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
  const query = tx.select(columns).from(noteTemplates).where(ofCompany(companyId, id));
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
  return mustExist(row, 'note template');
}

export async function updateNoteTemplate(
  tx: Tx,
  companyId: number,
  id: number,
  values: { subject: string; body: string },
) {
  const [row] = await tx
    .update(noteTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning(columns);
  return mustExist(row, 'note template');
}

export async function deleteNoteTemplate(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(noteTemplates).where(ofCompany(companyId, id));
}
