import {
  companyConfigSchema,
  companySchema,
  companySummarySchema,
  idParam,
  updateCompanyConfigSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { changeCompanyConfig, getCompany, getCompanyConfig, getCompanySummary } from './company.service.ts';

const params = z.strictObject({ companyId: idParam });
const tags = ['companies'];

export function companyRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const support = deps.config.supportEmail;

  r.get(
    '/api/company/:companyId',
    { config: { access: SIGNED_IN }, schema: { tags, params, response: { 200: companySchema } } },
    async (request) => {
      return getCompany(companyScope(deps, request));
    },
  );

  r.get(
    '/api/company/:companyId/config',
    { config: { access: SIGNED_IN }, schema: { tags, params, response: { 200: companyConfigSchema } } },
    async (request) => {
      return getCompanyConfig(companyScope(deps, request), support);
    },
  );

  r.put(
    '/api/company/:companyId/config',
    {
      config: { access: ADMIN },
      schema: { tags, params, body: updateCompanyConfigSchema, response: { 200: companyConfigSchema } },
    },
    async (request) => {
      return changeCompanyConfig(companyScope(deps, request), request.body, support);
    },
  );

  r.get(
    '/api/company/:companyId/summary',
    { config: { access: SIGNED_IN }, schema: { tags, params, response: { 200: companySummarySchema } } },
    async (request) => {
      return getCompanySummary(companyScope(deps, request));
    },
  );
}
