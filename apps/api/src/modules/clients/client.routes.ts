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
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findClient, searchClients } from './client.queries.ts';
import { changeClient, createClient, deleteClient } from './client.service.ts';
import { readClientConfig, saveClientConfig } from './client-config.service.ts';
import { exportClientsCsv } from './client-export.ts';
import { listClients } from './client-list.queries.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const bySearch = z.strictObject({ companyId: idParam, text: z.string().trim().min(1).max(100) });
const tags = ['clients'];

export function clientRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/client1/company/:companyId/lazy',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: clientListQuerySchema,
        response: { 200: clientPageSchema },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => listClients(tx, request.params.companyId, request.query));
    },
  );

  for (const [path, juristicOnly] of [
    ['/api/client1/company/:companyId/search/:text', false],
    ['/api/client1/company/:companyId/affiliate/:text', true],
  ] as const) {
    r.get(
      path,
      {
        config: { access: SIGNED_IN },
        schema: { tags, params: bySearch, response: { 200: z.array(clientPickSchema) } },
      },
      async (request) => {
        assertOwnCompany(request, request.params.companyId);
        return tenantTx(deps, request, (tx) =>
          searchClients(tx, request.params.companyId, request.params.text, juristicOnly),
        );
      },
    );
  }

  r.get(
    '/api/client1/company/:companyId/export',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, querystring: clientListQuerySchema },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"');
      return reply.send(Readable.from(exportClientsCsv(deps.db, principalOf(request), request.query)));
    },
  );

  r.get(
    '/api/client1/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: clientSchema } } },
    async (request) => {
      const client = await tenantTx(deps, request, (tx) => findClient(tx, request.params.id));
      if (!client) throw new NotFoundError('Client');
      return client;
    },
  );

  r.post(
    '/api/client1/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, body: createClientSchema, response: { 201: clientSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const client = await tenantTx(deps, request, async (tx) => {
        const id = await createClient(tx, principalOf(request), request.body);
        const created = await findClient(tx, id);
        if (!created) throw new Error('created client not found');
        return created;
      });
      return reply.status(201).send(client);
    },
  );

  r.put(
    '/api/client1/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: updateClientSchema, response: { 200: clientSchema } },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        await changeClient(tx, principalOf(request), request.params.id, request.body);
        const client = await findClient(tx, request.params.id);
        if (!client) throw new NotFoundError('Client');
        return client;
      }),
  );

  r.get(
    '/api/client1/:id/config',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: clientConfigSchema } } },
    async (request) =>
      tenantTx(deps, request, (tx) => readClientConfig(tx, principalOf(request), request.params.id)),
  );

  r.put(
    '/api/client1/:id/config',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: updateClientConfigSchema, response: { 200: clientConfigSchema } },
    },
    async (request) =>
      tenantTx(deps, request, (tx) =>
        saveClientConfig(tx, principalOf(request), request.params.id, request.body),
      ),
  );

  r.delete(
    '/api/client1/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, querystring: z.strictObject({ answer: z.string().optional() }) },
    },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) =>
        deleteClient(tx, principalOf(request), request.params.id, request.query.answer),
      );
      return reply.status(204).send();
    },
  );
}
