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
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { startBillingRun } from './billing-run.service.ts';
import { changeBillingSettings, getBillingSettings, runList } from './billing-settings.service.ts';

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
    async (request, reply) =>
      reply.status(201).send(await startBillingRun(companyScope(deps, request), request.body.period)),
  );

  r.get(
    '/api/billingrun/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(runSummarySchema) } },
    },
    async (request) => runList(companyScope(deps, request), 'billing'),
  );

  r.get(
    '/api/billing/settings/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: billingSettingsSchema } },
    },
    async (request) => getBillingSettings(companyScope(deps, request)),
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
    async (request) => changeBillingSettings(companyScope(deps, request), request.body),
  );
}
