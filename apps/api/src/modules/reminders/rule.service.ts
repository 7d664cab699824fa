import {
  DISPATCH_REASONS,
  offsetMinutesOf,
  REMINDER_FIELD_MESSAGES,
  type ReminderRuleInput,
  type ReminderRuleUpdate,
  reminderRuleInputSchema,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { insertMissingReminders, ofRule } from './follow.queries.ts';
import { invalidField, ruleExists } from './reminder-errors.ts';
import {
  findRule,
  insertRule,
  type RuleValues,
  retimePending,
  selectRules,
  softDeleteRule,
  supersedeForRule,
  typeExists,
  updateRule,
} from './rule.queries.ts';
import { describeRule } from './rule-words.ts';
import { findTemplate } from './template.queries.ts';

const subProcess = 'Client Management' as const;

export const listRules = (scope: Scope, typeId?: number) =>
  inTenant(scope, (tx) => selectRules(tx, scope.principal.companyId, typeId));

export const getRule = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) =>
    mustExist(await findRule(tx, scope.principal.companyId, id), 'Reminder rule'),
  );

/** The type and template must be the company's own, the template of the rule's channel (400 otherwise). */
async function checkedValues(tx: Tx, companyId: number, r: ReminderRuleInput): Promise<RuleValues> {
  if (!(await typeExists(tx, companyId, r.typeId)))
    throw invalidField('body.typeId', 'Choose one of the company’s appointment types.');
  const template = await findTemplate(tx, companyId, r.templateId);
  if (!template) throw invalidField('body.templateId', 'Choose one of the company’s reminder templates.');
  if (template.channel !== r.channel)
    throw invalidField('body.templateId', REMINDER_FIELD_MESSAGES.templateChannel(r.channel));
  const minutes = offsetMinutesOf(r);
  if (typeof minutes === 'string') throw invalidField('body.offsetValue', minutes);
  return {
    ...r,
    offsetValue: r.kind === 'before' ? (r.offsetValue ?? null) : null,
    offsetMinutes: minutes,
  };
}

/** One rule per type, kind, channel and offset: a second is a 409 saying so. */
async function once<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error, UNIQUE_VIOLATION) === 'reminder_rules_once_key') throw ruleExists();
    throw error;
  }
}

/**
 * Brings a rule's pending dispatches in line with it: retimed in place, superseded where the rule no longer
 * applies, and inserted for upcoming booked appointments of its type that lack one (one statement each).
 */
export async function syncRule(tx: Tx, companyId: number, ruleId: number) {
  await retimePending(tx, companyId, ruleId);
  await supersedeForRule(tx, companyId, ruleId, DISPATCH_REASONS.ruleChanged);
  await insertMissingReminders(tx, companyId, ofRule(ruleId));
}

export const createRule = (scope: Scope, input: ReminderRuleInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const v = await checkedValues(tx, companyId, input);
    const id = await once(() => insertRule(tx, companyId, v));
    await syncRule(tx, companyId, id);
    const rule = mustExist(await findRule(tx, companyId, id), 'Reminder rule');
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-rule.create',
      description: `Added reminder rule "${rule.description}" to ${rule.typeName}.`,
      changes: { ruleId: id, ...v },
    });
    return rule;
  });

/** Absent fields keep their value; the merged rule is checked as on create. */
export const changeRule = (scope: Scope, id: number, patch: ReminderRuleUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRule(tx, companyId, id, true), 'Reminder rule');
    const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const current = {
      typeId: before.typeId,
      kind: before.kind,
      channel: before.channel,
      templateId: before.templateId,
      offsetValue: before.offsetValue,
      offsetUnit: before.offsetUnit,
      active: before.active,
    };
    const merged = reminderRuleInputSchema.safeParse({ ...current, ...sent });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      throw invalidField(`body.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'Invalid value.');
    }
    const v = await checkedValues(tx, companyId, merged.data);
    const changes = diffFields(current, { ...v });
    if (Object.keys(changes).length === 0) return before;
    await once(() => updateRule(tx, companyId, id, v));
    await syncRule(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-rule.update',
      description: `Changed reminder rule "${describeRule(v)}" of ${before.typeName}.`,
      changes,
    });
    return mustExist(await findRule(tx, companyId, id), 'Reminder rule');
  });

/** Its pending dispatches are superseded; sent ones keep it. */
export const removeRule = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRule(tx, companyId, id, true), 'Reminder rule');
    await softDeleteRule(tx, companyId, id);
    await supersedeForRule(tx, companyId, id, DISPATCH_REASONS.ruleChanged);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-rule.delete',
      description: `Deleted reminder rule "${before.description}" of ${before.typeName}.`,
    });
  });
