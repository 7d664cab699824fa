import { type ReminderRule, type ReminderRuleInput, reminderRuleSchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { describeRule } from './rule-words.ts';

const ruleRow = reminderRuleSchema.omit({ description: true });

const SELECT = sql`
  select r.id, r.type_id as "typeId", at.name as "typeName", r.kind, r.channel, r.template_id as "templateId",
         t.name as "templateName", r.offset_value as "offsetValue", r.offset_unit as "offsetUnit",
         r.offset_minutes as "offsetMinutes", r.active,
         to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created,
         to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
    from reminder_rules r
    join appointment_types at on at.company_id = r.company_id and at.id = r.type_id
    join reminder_templates t on t.company_id = r.company_id and t.id = r.template_id`;

const withWords = (r: z.infer<typeof ruleRow>): ReminderRule => ({ ...r, description: describeRule(r) });

/** The company's rules that are not deleted, optionally of one type: by type, then kind and offset. */
export const selectRules = async (tx: Tx, companyId: number, typeId?: number): Promise<ReminderRule[]> =>
  (
    await selectRows(
      tx,
      ruleRow,
      sql`${SELECT} where r.company_id = ${companyId} and r.deleted_at is null
          ${typeId ? sql`and r.type_id = ${typeId}` : sql``}
          order by lower(at.name), r.type_id, r.kind, r.offset_minutes desc, r.channel, r.id`,
    )
  ).map(withWords);

export const findRule = async (tx: Tx, companyId: number, id: number, lock = false) => {
  const row = await selectRow(
    tx,
    ruleRow,
    sql`${SELECT} where r.company_id = ${companyId} and r.id = ${id} and r.deleted_at is null
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row && withWords(row);
};

export type RuleValues = Omit<ReminderRuleInput, 'offsetValue'> & {
  offsetValue: number | null;
  offsetMinutes: number;
};

export async function insertRule(tx: Tx, companyId: number, v: RuleValues): Promise<number> {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`insert into reminder_rules (company_id, type_id, kind, channel, template_id, offset_value, offset_unit,
                                    offset_minutes, active)
        values (${companyId}, ${v.typeId}, ${v.kind}, ${v.channel}, ${v.templateId}, ${v.offsetValue},
                ${v.offsetUnit}, ${v.offsetMinutes}, ${v.active})
        returning id`,
  );
  return mustExist(row, 'reminder rule').id;
}

export const updateRule = (tx: Tx, companyId: number, id: number, v: RuleValues) =>
  execute(
    tx,
    sql`update reminder_rules
           set type_id = ${v.typeId}, kind = ${v.kind}, channel = ${v.channel}, template_id = ${v.templateId},
               offset_value = ${v.offsetValue}, offset_unit = ${v.offsetUnit}, offset_minutes = ${v.offsetMinutes},
               active = ${v.active}, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );

/** Sent reminders keep their rule: a deletion only hides it (and switches it off). */
export const softDeleteRule = (tx: Tx, companyId: number, id: number) =>
  execute(
    tx,
    sql`update reminder_rules set deleted_at = now(), active = 'N', updated_at = now()
         where company_id = ${companyId} and id = ${id} and deleted_at is null`,
  );

/** A rule's pending reminders follow its offset and channel in place (their version stays). */
export const retimePending = (tx: Tx, companyId: number, ruleId: number) =>
  execute(
    tx,
    sql`update reminder_dispatches d
           set due_at = case when d.kind = 'before' then d.starts_at - make_interval(mins => r.offset_minutes)
                             else d.due_at end,
               channel = r.channel, updated_at = now()
          from reminder_rules r
         where d.company_id = ${companyId} and d.rule_id = ${ruleId} and d.status = 'pending'
           and r.company_id = d.company_id and r.id = d.rule_id
           and (d.channel <> r.channel
                or (d.kind = 'before' and d.due_at <> d.starts_at - make_interval(mins => r.offset_minutes)))`,
  );

/** Pending dispatches a rule change leaves without a rule: off, deleted, another type, or now past due. */
export const supersedeForRule = (tx: Tx, companyId: number, ruleId: number, reason: string) =>
  execute(
    tx,
    sql`update reminder_dispatches d
           set status = 'superseded', reason = ${reason}, settled_at = now(), updated_at = now()
          from reminder_rules r, appointments a
         where d.company_id = ${companyId} and d.rule_id = ${ruleId} and d.status = 'pending'
           and r.company_id = d.company_id and r.id = d.rule_id
           and a.company_id = d.company_id and a.id = d.appointment_id
           and (r.active <> 'Y' or r.deleted_at is not null or r.kind <> d.kind or a.type_id <> r.type_id
                or (d.kind = 'before' and d.due_at <= now()))`,
  );

/** Whether the company's appointment type exists. */
export async function typeExists(tx: Tx, companyId: number, id: number) {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`select id from appointment_types where company_id = ${companyId} and id = ${id}`,
  );
  return Boolean(row);
}
