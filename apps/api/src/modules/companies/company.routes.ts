import {
  type CompanyConfig,
  type Country,
  companyConfigSchema,
  companySchema,
  companySummarySchema,
  idParam,
  timeZoneFor,
  updateCompanyConfigSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { companies } from '../../db/schema/index.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { companySummary, findCompany, updateCompany } from './company.queries.ts';

const byCompany = z.strictObject({ companyId: idParam });
type CompanyRow = typeof companies.$inferSelect;

function toConfig(row: CompanyRow, fallbackSupport: string): CompanyConfig {
  return {
    companyId: row.id,
    type: row.type as 'H' | 'F',
    taxRegistered: row.taxRegistered as 'Y' | 'N',
    vatNumber: row.vatNumber,
    vatRateBps: row.vatRateBps,
    country: row.country as Country,
    region: row.region,
    timeZone: timeZoneFor(row.region),
    currency: row.currency,
    supportEmail: row.supportEmail ?? fallbackSupport,
  };
}

export function companyRoutes(app: App, deps: Deps) {
  const r = typed(app);

  async function load(request: Parameters<typeof assertOwnCompany>[0], companyId: number) {
    assertOwnCompany(request, companyId);
    const row = await tenantTx(deps, request, (tx) => findCompany(tx, companyId));
    if (!row) throw new NotFoundError('Company');
    return row;
  }

  r.get(
    '/api/company/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['companies'], params: byCompany, response: { 200: companySchema } },
    },
    async (request) => {
      const row = await load(request, request.params.companyId);
      const { type, country } = toConfig(row, deps.config.supportEmail);
      return {
        id: row.id,
        name: row.name,
        type,
        country,
        region: row.region,
        timeZone: timeZoneFor(row.region),
      };
    },
  );

  r.get(
    '/api/company/:companyId/config',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['companies'], params: byCompany, response: { 200: companyConfigSchema } },
    },
    async (request) => toConfig(await load(request, request.params.companyId), deps.config.supportEmail),
  );

  r.put(
    '/api/company/:companyId/config',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['companies'],
        params: byCompany,
        body: updateCompanyConfigSchema,
        response: { 200: companyConfigSchema },
      },
    },
    async (request) => {
      const before = await load(request, request.params.companyId);
      return tenantTx(deps, request, async (tx) => {
        const after = await updateCompany(tx, before.id, request.body);
        await recordAudit(tx, principalOf(request), {
          subProcess: 'Billing Management',
          action: 'company.config.update',
          description: 'Updated the company configuration.',
          changes: diffFields(before, request.body),
        });
        return toConfig(after ?? before, deps.config.supportEmail);
      });
    },
  );

  r.get(
    '/api/company/:companyId/summary',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['companies'], params: byCompany, response: { 200: companySummarySchema } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => companySummary(tx, request.params.companyId));
    },
  );
}
