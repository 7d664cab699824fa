import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { formAttachments, formDrafts } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

/** Issue 18, part 4: a link's saved draft and uploaded files (always by company and request). */
export async function findDraft(tx: Tx, companyId: number, requestId: number) {
  const [row] = await tx
    .select({ draft: formDrafts.draft, updatedAt: formDrafts.updatedAt })
    .from(formDrafts)
    .where(and(eq(formDrafts.companyId, companyId), eq(formDrafts.requestId, requestId)));
  return row;
}

/** One draft per request: the newest save replaces the last. */
export async function upsertDraft(tx: Tx, companyId: number, requestId: number, draft: unknown) {
  const [row] = await tx
    .insert(formDrafts)
    .values({ companyId, requestId, draft })
    .onConflictDoUpdate({
      target: [formDrafts.companyId, formDrafts.requestId],
      set: { draft, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: formDrafts.updatedAt });
  return (row as { updatedAt: Date }).updatedAt;
}

export async function deleteDraft(tx: Tx, companyId: number, requestId: number) {
  await tx
    .delete(formDrafts)
    .where(and(eq(formDrafts.companyId, companyId), eq(formDrafts.requestId, requestId)));
}

export async function countAttachments(tx: Tx, companyId: number, requestId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(formAttachments)
    .where(and(eq(formAttachments.companyId, companyId), eq(formAttachments.requestId, requestId)));
  return row?.n ?? 0;
}

export async function insertAttachment(tx: Tx, values: typeof formAttachments.$inferInsert) {
  const [row] = await tx.insert(formAttachments).values(values).returning({ id: formAttachments.id });
  return (row as { id: number }).id;
}

/** The files of these ids uploaded through this request (without their bytes). */
export async function findAttachments(tx: Tx, companyId: number, requestId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: formAttachments.id,
      contentType: formAttachments.contentType,
      size: formAttachments.size,
      sha256: formAttachments.sha256,
    })
    .from(formAttachments)
    .where(
      and(
        eq(formAttachments.companyId, companyId),
        eq(formAttachments.requestId, requestId),
        inArray(formAttachments.id, ids),
      ),
    );
}
