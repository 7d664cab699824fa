import { clientProductSchema, clientProductUpdateSchema, idParam } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findProduct } from '../catalogue/catalogue.queries.ts';
import { findClientRow } from '../clients/client.queries.ts';
import { clientProductsOfClient, clientProductsOfProduct } from './client-product.queries.ts';
import { addProductToClient, changeClientProduct, deleteClientProduct } from './client-product.service.ts';

const tags = ['client products'];
const byId = z.strictObject({ id: idParam });
const many = { 200: z.array(clientProductSchema) };

export function clientProductRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/clientproduct/:clientId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.strictObject({ clientId: idParam }), response: many },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        if (!(await findClientRow(tx, request.params.clientId))) throw new NotFoundError('Client');
        return clientProductsOfClient(tx, request.params.clientId);
      }),
  );

  r.get(
    '/api/clientproduct/product/:productId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.strictObject({ productId: idParam }), response: many },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        if (!(await findProduct(tx, request.params.productId))) throw new NotFoundError('Product');
        return clientProductsOfProduct(tx, request.params.productId);
      }),
  );

  r.post(
    '/api/clientproduct/:clientId/:productId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: z.strictObject({ clientId: idParam, productId: idParam }),
        response: { 201: clientProductSchema },
      },
    },
    async (request, reply) => {
      const { clientId, productId } = request.params;
      const created = await tenantTx(deps, request, (tx) =>
        addProductToClient(tx, principalOf(request), clientId, productId),
      );
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/api/clientproduct/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: clientProductUpdateSchema, response: { 200: clientProductSchema } },
    },
    async (request) =>
      tenantTx(deps, request, (tx) =>
        changeClientProduct(tx, principalOf(request), request.params.id, request.body),
      ),
  );

  r.delete(
    '/api/clientproduct/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, querystring: z.strictObject({ answer: z.string().optional() }) },
    },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) =>
        deleteClientProduct(tx, principalOf(request), request.params.id, request.query.answer),
      );
      return reply.status(204).send();
    },
  );
}
