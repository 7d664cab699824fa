import {
  auditEntrySchema,
  auditListQuerySchema,
  auditTrailInputSchema,
  idParam,
  pageOf,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { addAuditTrail, listClientAuditTrail, listCompanyAuditTrail } from './audit.service.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const tags = ['audit'];

/** Spec tab 15 (add audit trail), the client's audit list, and the company-wide list for rights A. */
export function auditRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.post(
    '/api/client1/:id/audittrail',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: auditTrailInputSchema, response: { 201: auditEntrySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await addAuditTrail(scopeOf(deps, request), request.params.id, request.body)),
  );

  r.get(
    '/api/client1/:id/audittrail',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request) => listClientAuditTrail(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/audit/company/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        querystring: auditListQuerySchema,
        response: { 200: pageOf(auditEntrySchema) },
      },
    },
    async (request) => {
      return listCompanyAuditTrail(companyScope(deps, request), request.query);
    },
  );
}
