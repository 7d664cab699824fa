import type { BillingSettings, BillingSettingsUpdate } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { billingSettings, recentRuns, updateBillingSettings } from './billing-settings.queries.ts';

export const getBillingSettings = (scope: Scope) =>
  inTenant(scope, (tx) => billingSettings(tx, scope.principal.companyId));

/** Absent fields keep their value; audited with what changed. */
export const changeBillingSettings = (scope: Scope, patch: BillingSettingsUpdate) =>
  inTenant(scope, async (tx): Promise<BillingSettings> => {
    const { companyId } = scope.principal;
    const before = await billingSettings(tx, companyId);
    await updateBillingSettings(tx, companyId, patch);
    const after = await billingSettings(tx, companyId);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      action: 'billing.settings',
      description: 'Updated the billing settings.',
      changes: diffFields(before, after),
    });
    return after;
  });

/** The company's billing or unpaid runs, newest first (Settings). */
export const runList = (scope: Scope, kind: 'billing' | 'unpaid') =>
  inTenant(scope, (tx) => recentRuns(tx, scope.principal.companyId, kind));
