import {
  RECALL_MESSAGES,
  type ReminderTemplateInput,
  recallUnusableFields,
  reminderTemplateInputSchema,
  type reminderTemplateUpdateSchema,
  type templatePreviewInputSchema,
} from '@pd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { recallTypesUsing } from '../recalls/recall-type.queries.ts';
import { assertFits, samplePreview } from './preview.ts';
import { reminderCompany } from './reminder-company.ts';
import { invalidField, templateInUse, templateNameTaken } from './reminder-errors.ts';
import {
  findTemplate,
  insertTemplate,
  selectTemplates,
  softDeleteTemplate,
  type TemplateValues,
  updateTemplate,
} from './template.queries.ts';

const subProcess = 'Client Management' as const;
const NAME_KEY = 'reminder_templates_name_key';

export const listTemplates = (scope: Scope) =>
  inTenant(scope, (tx) => selectTemplates(tx, scope.principal.companyId));

export const getTemplate = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) =>
    mustExist(await findTemplate(tx, scope.principal.companyId, id), 'Reminder template'),
  );

const values = (t: ReminderTemplateInput): TemplateValues => ({
  name: t.name,
  channel: t.channel,
  subject: t.channel === 'email' ? (t.subject ?? null) : null,
  body: t.body,
});

/** A unique-name clash is a 409 saying so; the transaction is over either way. */
async function namedOnce<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error, UNIQUE_VIOLATION) === NAME_KEY) throw templateNameTaken(name);
    throw error;
  }
}

export const createTemplate = (scope: Scope, input: ReminderTemplateInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const v = values(input);
    assertFits(await reminderCompany(tx, companyId), v);
    const id = await namedOnce(v.name, () => insertTemplate(tx, companyId, v));
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-template.create',
      description: `Added reminder template ${v.name}.`,
      changes: { templateId: id, ...v },
    });
    return mustExist(await findTemplate(tx, companyId, id), 'Reminder template');
  });

async function mergedTemplate(tx: Tx, companyId: number, id: number, patch: object) {
  const before = mustExist(await findTemplate(tx, companyId, id, true), 'Reminder template');
  const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = reminderTemplateInputSchema.safeParse({
    name: before.name,
    channel: before.channel,
    subject: before.subject,
    body: before.body,
    ...sent,
  });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw invalidField(`body.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'Invalid value.');
  }
  return { before, next: values(merged.data) };
}

/** A template recall types send with may use only a recall's merge fields (400 on body.body otherwise). */
async function assertRecallFields(tx: Tx, companyId: number, id: number, next: TemplateValues) {
  const [field] = recallUnusableFields(`${next.subject ?? ''} ${next.body}`);
  if (field && (await recallTypesUsing(tx, companyId, id)) > 0)
    throw invalidField('body.body', RECALL_MESSAGES.recallMergeField(field));
}

/** Absent fields keep their value; a template that rules use keeps its channel. */
export const changeTemplate = (
  scope: Scope,
  id: number,
  patch: z.output<typeof reminderTemplateUpdateSchema>,
) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const { before, next } = await mergedTemplate(tx, companyId, id, patch);
    if (next.channel !== before.channel && before.rules > 0) throw templateInUse(before.name, before.rules);
    await assertRecallFields(tx, companyId, id, next);
    const changes = diffFields({ ...before }, { ...next });
    if (Object.keys(changes).length === 0) return before;
    assertFits(await reminderCompany(tx, companyId), next);
    await namedOnce(next.name, () => updateTemplate(tx, companyId, id, next));
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-template.update',
      description: `Updated reminder template ${next.name}.`,
      changes,
    });
    return mustExist(await findTemplate(tx, companyId, id), 'Reminder template');
  });

/** A template that rules use stays (409); otherwise it is hidden, and sent reminders keep their link. */
export const removeTemplate = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findTemplate(tx, companyId, id, true), 'Reminder template');
    if (before.rules > 0) throw templateInUse(before.name, before.rules);
    const recallTypes = await recallTypesUsing(tx, companyId, id);
    if (recallTypes > 0) throw templateInUse(before.name, recallTypes, 'recall type');
    await softDeleteTemplate(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'reminder-template.delete',
      description: `Deleted reminder template ${before.name}.`,
    });
  });

/** Characters, segments and cost of a template with the company's values and a typical client. */
export const previewTemplate = (scope: Scope, input: z.output<typeof templatePreviewInputSchema>) =>
  inTenant(scope, async (tx) => samplePreview(await reminderCompany(tx, scope.principal.companyId), input));
