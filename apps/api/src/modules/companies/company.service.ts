import {
  type Company,
  type CompanyConfig,
  type Country,
  timeZoneFor,
  type updateCompanyConfigSchema,
} from '@pd/contracts';
import type { z } from 'zod';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { sentOnly } from '../../lib/patch.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { type CompanyRow, companySummary, findCompany, updateCompany } from './company.queries.ts';

type CompanyConfigUpdate = z.output<typeof updateCompanyConfigSchema>;

/** What the API answers; a company without its own support address uses the installation's. */
function toConfig(row: CompanyRow, fallbackSupport: string): CompanyConfig {
  return {
    companyId: row.id,
    type: row.type as CompanyConfig['type'],
    taxRegistered: row.taxRegistered as CompanyConfig['taxRegistered'],
    vatNumber: row.vatNumber,
    practiceNumber: row.practiceNumber,
    vatRateBps: row.vatRateBps,
    country: row.country as Country,
    region: row.region,
    timeZone: timeZoneFor(row.region),
    currency: row.currency,
    supportEmail: row.supportEmail ?? fallbackSupport,
  };
}

const ownCompany = (scope: Scope) =>
  inTenant(scope, async (tx) => mustExist(await findCompany(tx, scope.principal.companyId), 'Company'));

export async function getCompany(scope: Scope): Promise<Company> {
  const row = await ownCompany(scope);
  return {
    id: row.id,
    name: row.name,
    type: row.type as Company['type'],
    country: row.country as Country,
    region: row.region,
    timeZone: timeZoneFor(row.region),
  };
}

export const getCompanyConfig = async (scope: Scope, fallbackSupport: string) =>
  toConfig(await ownCompany(scope), fallbackSupport);

export const changeCompanyConfig = (scope: Scope, patch: CompanyConfigUpdate, fallbackSupport: string) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findCompany(tx, companyId, true), 'Company');
    if (Object.keys(sentOnly(patch)).length === 0) return toConfig(before, fallbackSupport);
    const values = { ...patch };
    if (values.practiceNumber !== undefined) values.practiceNumber = values.practiceNumber?.trim() || null;
    const after = await updateCompany(tx, companyId, values);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      action: 'company.config.update',
      description: 'Updated the company configuration.',
      changes: diffFields(before, patch),
    });
    return toConfig(after, fallbackSupport);
  });

export const getCompanySummary = (scope: Scope) =>
  inTenant(scope, (tx) => companySummary(tx, scope.principal.companyId));
