import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { forms, formVersions } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { formTemplate, formTemplates } from './form-templates.ts';

/** Issue 18: a demo company starts with the shipped forms of its type, published by its administrator. */
export async function insertDemoForms(tx: Tx, companyId: number, companyType: 'H' | 'F'): Promise<void> {
  const [admin] = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`select id::float8 as id from users where company_id = ${companyId} and rights like '%A%' order by id limit 1`,
  );
  if (!admin) return;
  for (const template of formTemplates().filter((t) => t.companyType === companyType)) {
    const definition = formTemplate(template.key);
    if (!definition) continue;
    const [form] = await tx
      .insert(forms)
      .values({ companyId, name: definition.title, createdById: admin.id })
      .returning({ id: forms.id });
    if (!form) continue;
    await tx.insert(formVersions).values({
      companyId,
      formId: form.id,
      version: 1,
      status: 'published',
      definition,
      publishedAt: new Date(),
      publishedById: admin.id,
    });
  }
}
