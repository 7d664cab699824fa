import type { FormSummary, FormVersionSummary, Questionnaire } from '@pd/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { forms, formVersions, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type FormVersionRow = typeof formVersions.$inferSelect & { publishedBy: string | null };

const iso = (d: Date | null) => d?.toISOString() ?? null;

const summaryOf = (v: FormVersionRow): FormVersionSummary => ({
  id: v.id,
  version: v.version,
  status: v.status as FormVersionSummary['status'],
  publishedAt: iso(v.publishedAt),
  publishedBy: v.publishedBy,
  updated: v.updatedAt.toISOString(),
});

/** A form's versions, newest first, with the publisher's name. */
export async function selectVersions(tx: Tx, companyId: number, formId?: number): Promise<FormVersionRow[]> {
  return tx
    .select({
      companyId: formVersions.companyId,
      id: formVersions.id,
      formId: formVersions.formId,
      version: formVersions.version,
      status: formVersions.status,
      definition: formVersions.definition,
      publishedAt: formVersions.publishedAt,
      publishedById: formVersions.publishedById,
      createdAt: formVersions.createdAt,
      updatedAt: formVersions.updatedAt,
      publishedBy: users.displayName,
    })
    .from(formVersions)
    .leftJoin(
      users,
      and(eq(users.companyId, formVersions.companyId), eq(users.id, formVersions.publishedById)),
    )
    .where(
      and(
        eq(formVersions.companyId, companyId),
        formId === undefined ? undefined : eq(formVersions.formId, formId),
      ),
    )
    .orderBy(asc(formVersions.formId), desc(formVersions.version));
}

type FormRow = typeof forms.$inferSelect;

function summarise(
  form: FormRow,
  versions: FormVersionRow[],
): FormSummary & { versions: FormVersionSummary[] } {
  const own = versions.filter((v) => v.formId === form.id);
  const draft = own.find((v) => v.status === 'draft');
  const published = own.find((v) => v.status === 'published');
  return {
    id: form.id,
    name: form.name,
    published: published ? summaryOf(published) : null,
    draft: draft ? summaryOf(draft) : null,
    created: form.createdAt.toISOString(),
    versions: own.map(summaryOf),
  };
}

/** The company's forms by name, each with its newest published version and its draft. */
export async function selectForms(tx: Tx, companyId: number) {
  const rows = await tx
    .select()
    .from(forms)
    .where(eq(forms.companyId, companyId))
    .orderBy(asc(sql`lower(${forms.name})`), asc(forms.id));
  const versions = await selectVersions(tx, companyId);
  return rows.map((form) => summarise(form, versions));
}

export async function findForm(tx: Tx, companyId: number, id: number) {
  const [form] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.companyId, companyId), eq(forms.id, id)));
  return form ? summarise(form, await selectVersions(tx, companyId, id)) : undefined;
}

/** Locks the form row, so two edits of one form take turns. */
export async function lockForm(tx: Tx, companyId: number, id: number) {
  const [form] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.companyId, companyId), eq(forms.id, id)))
    .for('update');
  return form;
}

export async function findVersion(tx: Tx, companyId: number, versionId: number) {
  const [row] = await tx
    .select({ version: formVersions, publishedBy: users.displayName })
    .from(formVersions)
    .leftJoin(
      users,
      and(eq(users.companyId, formVersions.companyId), eq(users.id, formVersions.publishedById)),
    )
    .where(and(eq(formVersions.companyId, companyId), eq(formVersions.id, versionId)));
  return row ? { ...row.version, publishedBy: row.publishedBy } : undefined;
}

export async function insertForm(tx: Tx, companyId: number, name: string, createdById: number) {
  const [row] = await tx.insert(forms).values({ companyId, name, createdById }).returning({ id: forms.id });
  return (row as { id: number }).id;
}

export async function insertDraft(
  tx: Tx,
  companyId: number,
  formId: number,
  version: number,
  definition: Questionnaire,
) {
  await tx.insert(formVersions).values({ companyId, formId, version, definition, status: 'draft' });
}

export async function updateDraft(tx: Tx, companyId: number, versionId: number, definition: Questionnaire) {
  await tx
    .update(formVersions)
    .set({ definition, updatedAt: sql`now()` })
    .where(
      and(
        eq(formVersions.companyId, companyId),
        eq(formVersions.id, versionId),
        eq(formVersions.status, 'draft'),
      ),
    );
}

export async function renameForm(tx: Tx, companyId: number, formId: number, name: string) {
  await tx
    .update(forms)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(forms.companyId, companyId), eq(forms.id, formId)));
}

/** The draft becomes published; false when it was no longer a draft (someone published it first). */
export async function publishDraft(tx: Tx, companyId: number, versionId: number, userId: number) {
  const rows = await tx
    .update(formVersions)
    .set({ status: 'published', publishedAt: sql`now()`, publishedById: userId, updatedAt: sql`now()` })
    .where(
      and(
        eq(formVersions.companyId, companyId),
        eq(formVersions.id, versionId),
        eq(formVersions.status, 'draft'),
      ),
    )
    .returning({ id: formVersions.id });
  return rows.length === 1;
}

/** The draft is dropped (never published, nothing answered it). */
export async function deleteDraft(tx: Tx, companyId: number, versionId: number) {
  await tx
    .delete(formVersions)
    .where(
      and(
        eq(formVersions.companyId, companyId),
        eq(formVersions.id, versionId),
        eq(formVersions.status, 'draft'),
      ),
    );
}
