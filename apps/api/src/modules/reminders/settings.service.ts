import type { ReminderSettings, reminderSettingsInputSchema } from '@pd/contracts';
import type { z } from 'zod';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { reminderCompany } from './reminder-company.ts';
import { saveSettings } from './settings.queries.ts';

const view = (c: { address: string; cancelInstruction: string }): ReminderSettings => ({
  address: c.address,
  cancelInstruction: c.cancelInstruction,
});

export const getSettings = (scope: Scope) =>
  inTenant(scope, async (tx) => view(await reminderCompany(tx, scope.principal.companyId)));

/** Absent fields keep their value; an empty cancel instruction goes back to the default one. */
export const changeSettings = (scope: Scope, input: z.output<typeof reminderSettingsInputSchema>) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = await reminderCompany(tx, companyId);
    const next = {
      address: input.address ?? before.address,
      cancelInstruction:
        input.cancelInstruction === undefined ? before.ownCancelInstruction : input.cancelInstruction || null,
    };
    const changes = diffFields(
      { address: before.address, cancelInstruction: before.ownCancelInstruction },
      next,
    );
    if (Object.keys(changes).length === 0) return view(before);
    await saveSettings(tx, companyId, next);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'reminder-settings.update',
      description: 'Changed the reminders’ practice address or cancel instruction.',
      changes,
    });
    return view(await reminderCompany(tx, companyId));
  });
