import { and, eq, isNull } from 'drizzle-orm';
import { companies, notes, noteTemplates } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

/** The company's advice rule and its template's subject (companies has no row-level security of its own). */
export async function selectAdviceRule(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({
      type: companies.type,
      wonNeedsAdvice: companies.wonNeedsAdvice,
      adviceTemplateId: companies.adviceTemplateId,
      adviceTemplateSubject: noteTemplates.subject,
    })
    .from(companies)
    .leftJoin(
      noteTemplates,
      and(eq(noteTemplates.companyId, companies.id), eq(noteTemplates.id, companies.adviceTemplateId)),
    )
    .where(eq(companies.id, companyId));
  return row;
}

export const updateAdviceRule = (
  tx: Tx,
  companyId: number,
  wonNeedsAdvice: boolean,
  templateId: number | null,
) =>
  tx
    .update(companies)
    .set({ wonNeedsAdvice: wonNeedsAdvice ? 'Y' : 'N', adviceTemplateId: templateId })
    .where(eq(companies.id, companyId));

export async function findNoteTemplate(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: noteTemplates.id, subject: noteTemplates.subject })
    .from(noteTemplates)
    .where(and(eq(noteTemplates.companyId, companyId), eq(noteTemplates.id, id)));
  return row;
}

/** A live note of the client: what can be attached as the record of advice. */
export async function findClientNote(tx: Tx, companyId: number, clientId: number, id: number) {
  const [row] = await tx
    .select({ id: notes.id, subject: notes.subject })
    .from(notes)
    .where(
      and(
        eq(notes.companyId, companyId),
        eq(notes.id, id),
        eq(notes.clientId, clientId),
        isNull(notes.deletedAt),
      ),
    );
  return row;
}
