import { idParam, processInputSchema, processSchema, processUpdateSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changeProcess, createProcess, getProcess, listProcesses, removeProcess } from './process.service.ts';

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
      return listProcesses(companyScope(deps, request));
    },
  );

  r.get(
    '/api/process/:companyId/:search',
    { config: { access: SIGNED_IN }, schema: { tags, params: bySearch, response: { 200: list } } },
    async (request) => {
      return listProcesses(companyScope(deps, request), request.params.search);
    },
  );

  r.get(
    '/api/process/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: processSchema } } },
    async (request) => getProcess(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/process/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: processInputSchema, response: { 201: processSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createProcess(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/process/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: processUpdateSchema, response: { 200: processSchema } },
    },
    async (request) => changeProcess(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/process/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeProcess(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
