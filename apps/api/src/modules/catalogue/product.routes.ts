import { idParam, productInputSchema, productSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { products } from '../../db/schema/index.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { ConflictError, NotFoundError, written } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteIfUnused,
  findProduct,
  insertProduct,
  listProducts,
  updateProduct,
} from './catalogue.queries.ts';
import { checkBillingPlan } from './product.service.ts';

const tags = ['products'];
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const audit = { subProcess: 'Billing Management' as const };

export function productRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/product1/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(productSchema) } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => listProducts(tx, request.params.companyId));
    },
  );

  r.get(
    '/api/product1/:companyId/:name',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: z.strictObject({ companyId: idParam, name: z.string().trim().min(1).max(100) }),
        response: { 200: z.array(productSchema) },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => listProducts(tx, request.params.companyId, request.params.name));
    },
  );

  r.get(
    '/api/product1/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: productSchema } } },
    async (request) => {
      const product = await tenantTx(deps, request, (tx) => findProduct(tx, request.params.id));
      if (!product) throw new NotFoundError('Product');
      return product;
    },
  );

  r.post(
    '/api/product1/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const product = await tenantTx(deps, request, async (tx) => {
        await checkBillingPlan(tx, request.body);
        const id = await insertProduct(tx, request.params.companyId, request.body);
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'product.create',
          description: `Created product ${request.body.name}.`,
          changes: diffFields({}, request.body),
        });
        return written(await findProduct(tx, written(id, 'product')), 'product');
      });
      return reply.status(201).send(product);
    },
  );

  r.put(
    '/api/product1/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: productInputSchema, response: { 200: productSchema } },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        const before = await findProduct(tx, request.params.id);
        if (!before) throw new NotFoundError('Product');
        await checkBillingPlan(tx, request.body);
        await updateProduct(tx, request.params.id, request.body);
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'product.update',
          description: `Updated product ${request.body.name}.`,
          changes: diffFields(before, request.body),
        });
        return (await findProduct(tx, request.params.id)) ?? before;
      }),
  );

  r.delete(
    '/api/product1/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, async (tx) => {
        const product = await findProduct(tx, request.params.id);
        if (!product) throw new NotFoundError('Product');
        if (!(await deleteIfUnused(tx, products, product.id))) {
          throw new ConflictError('Clients hold this product. Make it inactive instead.');
        }
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'product.delete',
          description: `Deleted product ${product.name}.`,
        });
      });
      return reply.status(204).send();
    },
  );
}
