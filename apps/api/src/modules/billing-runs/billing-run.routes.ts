import {
  billingRunRequestSchema,
  billingSettingsSchema,
  billingSettingsUpdateSchema,
  idParam,
  runInfoSchema,
  runSummarySchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { written } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { billingRunInfo } from '../invoices/invoice-runs.queries.ts';
import { runBilling } from './billing-run.service.ts';
import { billingSettings, recentRuns, updateBillingSettings } from './billing-settings.queries.ts';

const tags = ['billing runs'];
const byCompany = z.strictObject({ companyId: idParam });

/** Billing runs (started from Settings; also monthly, see billing-schedule.ts) and the billing settings. */
export function billingRunRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.post(
    '/api/billingrun/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: billingRunRequestSchema, response: { 201: runInfoSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const principal = principalOf(request);
      const { runId } = await runBilling(deps.db, principal.companyId, request.body.period, principal.userId);
      const info = await tenantTx(deps, request, (tx) => billingRunInfo(tx, runId));
      return reply.status(201).send(written(info, 'billing run'));
    },
  );

  r.get(
    '/api/billingrun/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(runSummarySchema) } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => recentRuns(tx, 'billing'));
    },
  );

  r.get(
    '/api/billing/settings/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: billingSettingsSchema } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => billingSettings(tx, request.params.companyId));
    },
  );

  r.put(
    '/api/billing/settings/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        body: billingSettingsUpdateSchema,
        response: { 200: billingSettingsSchema },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      const { companyId } = request.params;
      return tenantTx(deps, request, async (tx) => {
        const before = await billingSettings(tx, companyId);
        await updateBillingSettings(tx, companyId, request.body);
        const after = await billingSettings(tx, companyId);
        await recordAudit(tx, principalOf(request), {
          subProcess: 'Billing Management',
          action: 'billing.settings',
          description: 'Updated the billing settings.',
          changes: diffFields(
            before as unknown as Record<string, unknown>,
            after as unknown as Record<string, unknown>,
          ),
        });
        return after;
      });
    },
  );
}
