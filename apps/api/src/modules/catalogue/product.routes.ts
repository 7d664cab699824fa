import { idParam, productInputSchema, productSchema, productUpdateSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  changeProduct,
  createProduct,
  getProduct,
  listCompanyProducts,
  removeProduct,
} from './product.service.ts';

const tags = ['products'];
const byCompany = z.strictObject({ companyId: idParam });
const byName = z.strictObject({ companyId: idParam, name: z.string().trim().min(1).max(100) });
const byId = z.strictObject({ id: idParam });
const many = { 200: z.array(productSchema) };
const one = { 200: productSchema };

/** Staff read the company's products; changing them needs rights A. */
export function productRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/product1/:companyId',
    { config: { access: SIGNED_IN }, schema: { tags, params: byCompany, response: many } },
    async (request) => {
      return listCompanyProducts(companyScope(deps, request));
    },
  );

  r.get(
    '/api/product1/:companyId/:name',
    { config: { access: SIGNED_IN }, schema: { tags, params: byName, response: many } },
    async (request) => {
      return listCompanyProducts(companyScope(deps, request), request.params.name);
    },
  );

  r.get(
    '/api/product1/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: one } },
    async (request) => getProduct(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/product1/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createProduct(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/product1/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId, body: productUpdateSchema, response: one } },
    async (request) => changeProduct(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/product1/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeProduct(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
