import { clientProductSchema, clientProductUpdateSchema, idParam } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  addProductToClient,
  changeClientProduct,
  listClientsOfProduct,
  listProductsOfClient,
  removeClientProduct,
} from './client-product.service.ts';

const tags = ['client products'];
const byId = z.strictObject({ id: idParam });
const many = { 200: z.array(clientProductSchema) };
const access = SIGNED_IN;

export function clientProductRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/clientproduct/:clientId',
    { config: { access }, schema: { tags, params: z.strictObject({ clientId: idParam }), response: many } },
    async (request) => listProductsOfClient(scopeOf(deps, request), request.params.clientId),
  );

  r.get(
    '/api/clientproduct/product/:productId',
    { config: { access }, schema: { tags, params: z.strictObject({ productId: idParam }), response: many } },
    async (request) => listClientsOfProduct(scopeOf(deps, request), request.params.productId),
  );

  r.post(
    '/api/clientproduct/:clientId/:productId',
    {
      config: { access },
      schema: {
        tags,
        params: z.strictObject({ clientId: idParam, productId: idParam }),
        response: { 201: clientProductSchema },
      },
    },
    async (request, reply) => {
      const { clientId, productId } = request.params;
      return reply.status(201).send(await addProductToClient(scopeOf(deps, request), clientId, productId));
    },
  );

  r.put(
    '/api/clientproduct/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: clientProductUpdateSchema, response: { 200: clientProductSchema } },
    },
    async (request) => changeClientProduct(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/clientproduct/:id',
    {
      config: { access },
      schema: {
        response: noContent,
        tags,
        params: byId,
        querystring: z.strictObject({ answer: z.string().optional() }),
      },
    },
    async (request, reply) => {
      await removeClientProduct(scopeOf(deps, request), request.params.id, request.query.answer);
      return reply.status(204).send(null);
    },
  );
}
