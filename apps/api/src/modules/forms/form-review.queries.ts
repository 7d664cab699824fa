import { and, eq, isNull } from 'drizzle-orm';
import { clients, formAcceptances, formSubmissions, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

/**
 * The submission, locked: acceptances of one submission queue here, so the second sees the first's
 * acceptance once it commits (a lock, not an update: the sealed row never changes).
 */
export async function lockSubmission(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.companyId, companyId), eq(formSubmissions.id, id)))
    .for('update');
  return row;
}

export async function findAcceptance(tx: Tx, companyId: number, submissionId: number) {
  const [row] = await tx
    .select({
      acceptedAt: formAcceptances.acceptedAt,
      acceptedBy: users.displayName,
      clientId: formAcceptances.clientId,
      fields: formAcceptances.fields,
      createdClient: formAcceptances.createdClient,
    })
    .from(formAcceptances)
    .innerJoin(
      users,
      and(eq(users.companyId, formAcceptances.companyId), eq(users.id, formAcceptances.acceptedById)),
    )
    .where(and(eq(formAcceptances.companyId, companyId), eq(formAcceptances.submissionId, submissionId)));
  return row ? { ...row, acceptedAt: row.acceptedAt.toISOString(), fields: row.fields as string[] } : null;
}

/** Once per submission: false when another acceptance holds the key already. */
export async function insertAcceptance(tx: Tx, values: typeof formAcceptances.$inferInsert) {
  const rows = await tx
    .insert(formAcceptances)
    .values(values)
    .onConflictDoNothing({ target: [formAcceptances.companyId, formAcceptances.submissionId] })
    .returning({ id: formAcceptances.id });
  return rows.length > 0;
}

/** A live client's stored row, read without a lock (the review only shows it). */
export async function findClientForReview(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id), isNull(clients.deletedAt)));
  return row;
}
