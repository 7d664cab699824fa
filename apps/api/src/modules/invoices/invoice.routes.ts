import {
  idParam,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceEmailSchema,
  invoiceUpdateSchema,
  paymentInputSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import { idempotencyKeyOf } from '../messaging/idempotency.ts';
import { cancelOrDeleteInvoice, recordPayment, updateInvoice } from './invoice-changes.service.ts';
import {
  createInvoiceFrom,
  invoiceBillingPlan,
  invoiceCompanyProduct,
  invoiceOneClientProduct,
} from './invoice-create.service.ts';
import { emailInvoice } from './invoice-email.service.ts';
import { invoiceListRoutes } from './invoice-list.routes.ts';
import { downloadInvoice } from './invoice-read.service.ts';

const access = SIGNED_IN;
const tags = ['invoices'];
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const byCompanyProduct = z.strictObject({ companyId: idParam, clientId: idParam, productId: idParam });
/** The flag is checked after the ids, so another company's ids answer 404 whatever the flag says. */
const flag = z.string().max(5);
const byClientProduct = z.strictObject({ clientId: idParam, useTaxRate: flag, clientProductId: idParam });
const byClientPlan = z.strictObject({ clientId: idParam, useTaxRate: flag, billingPlanId: idParam });
const created = { 201: invoiceDetailSchema };
const queued = { 202: z.object({ messageId: z.number().int() }) };

export function invoiceRoutes(app: App, deps: Deps) {
  invoiceListRoutes(app, deps);
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.post(
    '/api/invoice1/:companyId',
    { config: { access }, schema: { tags, params: byCompany, body: invoiceCreateSchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await createInvoiceFrom(companyScope(deps, request), request.body)),
  );

  r.post(
    '/api/invoice1/:companyId/product/:clientId/:productId',
    { config: { access }, schema: { tags, params: byCompanyProduct, response: created } },
    async (request, reply) => {
      const { clientId, productId } = request.params;
      return reply
        .status(201)
        .send(await invoiceCompanyProduct(companyScope(deps, request), clientId, productId));
    },
  );

  r.post(
    '/api/invoice1/product/:clientId/:useTaxRate/:clientProductId',
    { config: { access }, schema: { tags, params: byClientProduct, response: created } },
    async (request, reply) =>
      reply.status(201).send(await invoiceOneClientProduct(scopeOf(deps, request), request.params)),
  );

  r.post(
    '/api/invoice1/billingplan/:clientId/:useTaxRate/:billingPlanId',
    { config: { access }, schema: { tags, params: byClientPlan, response: created } },
    async (request, reply) =>
      reply.status(201).send(await invoiceBillingPlan(scopeOf(deps, request), request.params)),
  );

  r.post(
    '/api/invoice1/payment/:id',
    { config: { access }, schema: { tags, params: byId, body: paymentInputSchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await recordPayment(scopeOf(deps, request), request.params.id, request.body)),
  );

  r.put(
    '/api/invoice1/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: invoiceUpdateSchema, response: { 200: invoiceDetailSchema } },
    },
    async (request) => updateInvoice(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/invoice1/:id',
    { config: { access }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await cancelOrDeleteInvoice(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/invoice1/email/:id',
    { config: { access }, schema: { tags, params: byId, body: invoiceEmailSchema, response: queued } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const messageId = await emailInvoice(
        scopeOf(deps, request),
        publisher,
        deps.pdf,
        request.params.id,
        request.body,
        key,
      );
      return reply.status(202).send({ messageId });
    },
  );

  r.get(
    '/api/invoice1/download/:id',
    { config: { access }, schema: { tags, params: byId } },
    async (request, reply) => {
      const { fileName, pdf } = await downloadInvoice(scopeOf(deps, request), deps.pdf, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
