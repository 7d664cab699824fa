import { idParam, processInputSchema, processSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { rememberSentKeys, sentFields } from '../notes/sent-keys.ts';
import { findProcess, listProcesses } from './process.queries.ts';
import { changeProcess, createProcess, removeProcess } from './process.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const bySearch = z.strictObject({ companyId: idParam, search: z.string().trim().min(1).max(100) });
const byId = z.strictObject({ id: idParam });
const tags = ['processes'];
const list = z.array(processSchema);

/** Staff read the company's processes (task pickers); changing them needs rights A. */
export function processRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/process/:companyId',
    { config: { access: SIGNED_IN }, schema: { tags, params: byCompany, response: { 200: list } } },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => listProcesses(tx, request.params.companyId));
    },
  );

  r.get(
    '/api/process/:companyId/:search',
    { config: { access: SIGNED_IN }, schema: { tags, params: bySearch, response: { 200: list } } },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) =>
        listProcesses(tx, request.params.companyId, request.params.search),
      );
    },
  );

  r.get(
    '/api/process/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: processSchema } } },
    async (request) => {
      const process = await tenantTx(deps, request, (tx) =>
        findProcess(tx, principalOf(request).companyId, request.params.id),
      );
      if (!process) throw new NotFoundError('Process');
      return process;
    },
  );

  r.post(
    '/api/process/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: processInputSchema, response: { 201: processSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const process = await tenantTx(deps, request, (tx) =>
        createProcess(tx, principalOf(request), request.body),
      );
      return reply.status(201).send(process);
    },
  );

  r.put(
    '/api/process/:id',
    {
      config: { access: ADMIN },
      preValidation: rememberSentKeys,
      schema: { tags, params: byId, body: processInputSchema, response: { 200: processSchema } },
    },
    async (request) =>
      tenantTx(deps, request, (tx) =>
        changeProcess(tx, principalOf(request), request.params.id, sentFields(request, request.body)),
      ),
  );

  r.delete(
    '/api/process/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) => removeProcess(tx, principalOf(request), request.params.id));
      return reply.status(204).send();
    },
  );
}
