import { Readable } from 'node:stream';
import {
  clientConfigSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientPickSchema,
  clientSchema,
  createClientSchema,
  idParam,
  updateClientConfigSchema,
  updateClientSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  changeClient,
  createClient,
  deleteClient,
  getClient,
  listClientPage,
  searchClientPicks,
} from './client.service.ts';
import { readClientConfig, saveClientConfig } from './client-config.service.ts';
import { exportClientsCsv } from './client-export.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const bySearch = z.strictObject({ companyId: idParam, text: z.string().trim().min(1).max(100) });
const answer = z.strictObject({ answer: z.string().optional() });
const tags = ['clients'];
const access = SIGNED_IN;

export function clientRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/client1/company/:companyId/lazy',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: clientListQuerySchema,
        response: { 200: clientPageSchema },
      },
    },
    async (request) => {
      return listClientPage(companyScope(deps, request), request.query);
    },
  );

  for (const [path, juristicOnly] of [
    ['/api/client1/company/:companyId/search/:text', false],
    ['/api/client1/company/:companyId/affiliate/:text', true],
  ] as const) {
    r.get(
      path,
      {
        config: { access },
        schema: { tags, params: bySearch, response: { 200: z.array(clientPickSchema) } },
      },
      async (request) => {
        return searchClientPicks(companyScope(deps, request), request.params.text, juristicOnly);
      },
    );
  }

  r.get(
    '/api/client1/company/:companyId/export',
    { config: { access: ADMIN }, schema: { tags, params: byCompany, querystring: clientListQuerySchema } },
    async (request, reply) => {
      const csv = exportClientsCsv(companyScope(deps, request), request.query); // refuses a bad query first
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"');
      return reply.send(Readable.from(csv));
    },
  );

  r.get(
    '/api/client1/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: clientSchema } } },
    async (request) => getClient(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/client1/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: createClientSchema, response: { 201: clientSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createClient(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/client1/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: updateClientSchema, response: { 200: clientSchema } },
    },
    async (request) => changeClient(scopeOf(deps, request), request.params.id, request.body),
  );

  r.get(
    '/api/client1/:id/config',
    { config: { access }, schema: { tags, params: byId, response: { 200: clientConfigSchema } } },
    async (request) => readClientConfig(scopeOf(deps, request), request.params.id),
  );

  r.put(
    '/api/client1/:id/config',
    {
      config: { access },
      schema: { tags, params: byId, body: updateClientConfigSchema, response: { 200: clientConfigSchema } },
    },
    async (request) => saveClientConfig(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/client1/:id',
    { config: { access }, schema: { response: noContent, tags, params: byId, querystring: answer } },
    async (request, reply) => {
      await deleteClient(scopeOf(deps, request), request.params.id, request.query.answer);
      return reply.status(204).send(null);
    },
  );
}
