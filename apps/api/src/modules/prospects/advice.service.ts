import type { ProspectSettings, ProspectSettingsInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findClientNote, findNoteTemplate, selectAdviceRule, updateAdviceRule } from './advice.queries.ts';

async function adviceRule(tx: Tx, companyId: number): Promise<ProspectSettings> {
  const row = mustExist(await selectAdviceRule(tx, companyId), 'Company');
  const wonNeedsAdvice = row.wonNeedsAdvice === 'Y';
  return {
    wonNeedsAdvice,
    adviceTemplateId: row.adviceTemplateId,
    adviceTemplateSubject: row.adviceTemplateSubject ?? null,
    applies: wonNeedsAdvice && row.type === 'F',
  };
}

export const getProspectSettings = (scope: Scope) =>
  inTenant(scope, (tx) => adviceRule(tx, scope.principal.companyId));

/** Settings (administrators): whether Won needs a record of advice, and the note template it is of. */
export const changeProspectSettings = (scope: Scope, input: ProspectSettingsInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    if (input.adviceTemplateId && !(await findNoteTemplate(tx, companyId, input.adviceTemplateId)))
      throw new ValidationError('Some fields are not valid.', [
        { path: 'body.adviceTemplateId', message: 'Choose a note template of this company.' },
      ]);
    await updateAdviceRule(tx, companyId, input.wonNeedsAdvice, input.adviceTemplateId);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'company.prospects',
      description: `Won ${input.wonNeedsAdvice ? 'needs' : 'does not need'} a record of advice.`,
    });
    return adviceRule(tx, companyId);
  });

/** A note offered as the record of advice: the client's own, of the configured template when there is one. */
export async function checkAdviceNote(tx: Tx, companyId: number, clientId: number, noteId: number) {
  const note = await findClientNote(tx, companyId, clientId, noteId);
  const rule = await adviceRule(tx, companyId);
  const subject = rule.adviceTemplateSubject;
  if (!note || (subject && note.subject !== subject))
    throw new ValidationError('Some fields are not valid.', [
      {
        path: 'body.adviceNoteId',
        message: subject
          ? `Choose a "${subject}" note of this opportunity's client.`
          : "Choose a note of this opportunity's client.",
      },
    ]);
}

/** Part 5: in a type F company whose rule says so, Won needs the record of advice attached (409). */
export async function assertAdviceForWon(tx: Tx, companyId: number, clientId: number, noteId: number | null) {
  const rule = await adviceRule(tx, companyId);
  if (!rule.applies) return;
  const note = noteId ? await findClientNote(tx, companyId, clientId, noteId) : undefined;
  const what = rule.adviceTemplateSubject ? `a "${rule.adviceTemplateSubject}" note` : 'a note';
  if (!note || (rule.adviceTemplateSubject && note.subject !== rule.adviceTemplateSubject))
    throw new ConflictError(
      `Won needs the record of advice: attach ${what} of this client to the opportunity first.`,
    );
}
