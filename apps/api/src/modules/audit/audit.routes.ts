import {
  auditEntrySchema,
  auditListQuerySchema,
  auditTrailInputSchema,
  idParam,
  pageOf,
  timeZoneFor,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { Tx } from '../../db/tenancy.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError, ValidationError, written } from '../../lib/errors.ts';
import { existingClientIds } from '../clients/client.queries.ts';
import { findCompany } from '../companies/company.queries.ts';
import { auditEntryById, clientAuditEntries, companyAuditPage } from './audit.queries.ts';
import { recordAudit } from './audit.service.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const tags = ['audit'];

async function assertLiveClient(tx: Tx, id: number) {
  if (!(await existingClientIds(tx, [id])).has(id)) throw new NotFoundError('Client');
}

/** Spec tab 15 (add audit trail), the client's audit list, and the company-wide list for rights A. */
export function auditRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.post(
    '/api/client1/:id/audittrail',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: auditTrailInputSchema, response: { 201: auditEntrySchema } },
    },
    async (request, reply) => {
      const entry = await tenantTx(deps, request, async (tx) => {
        await assertLiveClient(tx, request.params.id);
        const id = await recordAudit(tx, principalOf(request), {
          clientId: request.params.id,
          subProcess: request.body.auditTrailSubProcess,
          action: 'audit.manual',
          description: request.body.auditTrailDescription,
        });
        return written(await auditEntryById(tx, id), 'audit entry');
      });
      return reply.status(201).send(entry);
    },
  );

  r.get(
    '/api/client1/:id/audittrail',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        await assertLiveClient(tx, request.params.id);
        return clientAuditEntries(tx, request.params.id);
      }),
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
      const { companyId } = request.params;
      assertOwnCompany(request, companyId);
      const q = request.query;
      if (q.start && q.end && q.end < q.start) {
        throw new ValidationError('Some fields are not valid.', [
          { path: 'querystring.end', message: 'The end date is before the start date.' },
        ]);
      }
      return tenantTx(deps, request, async (tx) => {
        const company = await findCompany(tx, companyId);
        if (!company) throw new NotFoundError('Company');
        return companyAuditPage(tx, companyId, timeZoneFor(company.region), q);
      });
    },
  );
}
