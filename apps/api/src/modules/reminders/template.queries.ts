import { type ReminderTemplate, reminderTemplateSchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const SELECT = sql`
  select t.id, t.name, t.channel, t.subject, t.body,
         (select count(*)::int from reminder_rules r
           where r.company_id = t.company_id and r.template_id = t.id and r.deleted_at is null) as rules,
         ${iso('t.created_at')} as created, ${iso('t.updated_at')} as updated
    from reminder_templates t`;

export const selectTemplates = (tx: Tx, companyId: number): Promise<ReminderTemplate[]> =>
  selectRows(
    tx,
    reminderTemplateSchema,
    sql`${SELECT} where t.company_id = ${companyId} and t.deleted_at is null order by lower(t.name), t.id`,
  );

/** A template that is not deleted; `lock` holds it until the transaction ends. */
export const findTemplate = (tx: Tx, companyId: number, id: number, lock = false) =>
  selectRow(
    tx,
    reminderTemplateSchema,
    sql`${SELECT} where t.company_id = ${companyId} and t.id = ${id} and t.deleted_at is null
        ${lock ? sql`for update of t` : sql``}`,
  );

export interface TemplateValues {
  name: string;
  channel: 'sms' | 'email';
  subject: string | null;
  body: string;
}

export async function insertTemplate(tx: Tx, companyId: number, v: TemplateValues): Promise<number> {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`insert into reminder_templates (company_id, name, channel, subject, body)
        values (${companyId}, ${v.name}, ${v.channel}, ${v.subject}, ${v.body}) returning id`,
  );
  return mustExist(row, 'reminder template').id;
}

export const updateTemplate = (tx: Tx, companyId: number, id: number, v: TemplateValues) =>
  execute(
    tx,
    sql`update reminder_templates
           set name = ${v.name}, channel = ${v.channel}, subject = ${v.subject}, body = ${v.body}, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );

/** Sent reminders keep their template: a deletion only hides it. */
export const softDeleteTemplate = (tx: Tx, companyId: number, id: number) =>
  execute(
    tx,
    sql`update reminder_templates set deleted_at = now(), updated_at = now()
         where company_id = ${companyId} and id = ${id} and deleted_at is null`,
  );
