import {
  idParam,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceEmailSchema,
  invoiceUpdateSchema,
  paymentInputSchema,
} from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { Tx } from '../../db/tenancy.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { appPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { assertMayInvoice, createInvoice, invoiceClientProduct } from './invoice.service.ts';
import { cancelOrDeleteInvoice, changeInvoice, recordPayment } from './invoice-changes.service.ts';
import { type BillingCompany, billingCompany } from './invoice-context.ts';
import { invoiceDetail, invoicePdf } from './invoice-document.ts';
import { emailInvoice } from './invoice-email.service.ts';
import { invoiceListRoutes } from './invoice-list.routes.ts';
import { billingPlanLine, companyProductLine } from './invoice-sources.ts';

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
  /** Writes of the caller's company by a user allowed to invoice; answers the invoice as it now stands. */
  const invoicing = (request: FastifyRequest, fn: (tx: Tx, company: BillingCompany) => Promise<number>) =>
    tenantTx(deps, request, async (tx) => {
      const principal = principalOf(request);
      const company = await billingCompany(tx, principal.companyId);
      assertMayInvoice(principal, company);
      return invoiceDetail(tx, await fn(tx, company), company.today);
    });

  r.post(
    '/api/invoice1/:companyId',
    { config: { access }, schema: { tags, params: byCompany, body: invoiceCreateSchema, response: created } },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const { lines, clientProductId, ...rest } = request.body;
      const actor = principalOf(request);
      const invoice = await invoicing(request, (tx) =>
        clientProductId
          ? invoiceClientProduct(tx, actor, { ...rest, clientProductId, extraLines: lines })
          : createInvoice(tx, actor, { ...rest, lines: lines ?? [] }),
      );
      return reply.status(201).send(invoice);
    },
  );

  r.post(
    '/api/invoice1/:companyId/product/:clientId/:productId',
    { config: { access }, schema: { tags, params: byCompanyProduct, response: created } },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const { clientId, productId } = request.params;
      const invoice = await invoicing(request, async (tx) =>
        createInvoice(tx, principalOf(request), {
          clientId,
          lines: [await companyProductLine(tx, productId)],
        }),
      );
      return reply.status(201).send(invoice);
    },
  );

  r.post(
    '/api/invoice1/product/:clientId/:useTaxRate/:clientProductId',
    { config: { access }, schema: { tags, params: byClientProduct, response: created } },
    async (request, reply) => {
      const { clientId, useTaxRate, clientProductId } = request.params;
      const invoice = await invoicing(request, (tx) =>
        invoiceClientProduct(tx, principalOf(request), { clientId, clientProductId, useTaxRate }),
      );
      return reply.status(201).send(invoice);
    },
  );

  r.post(
    '/api/invoice1/billingplan/:clientId/:useTaxRate/:billingPlanId',
    { config: { access }, schema: { tags, params: byClientPlan, response: created } },
    async (request, reply) => {
      const { clientId, useTaxRate, billingPlanId } = request.params;
      const invoice = await invoicing(request, async (tx) => {
        const line = await billingPlanLine(tx, billingPlanId);
        return createInvoice(tx, principalOf(request), {
          clientId,
          useTaxRate,
          billingPlanId,
          lines: [line],
        });
      });
      return reply.status(201).send(invoice);
    },
  );

  r.post(
    '/api/invoice1/payment/:id',
    { config: { access }, schema: { tags, params: byId, body: paymentInputSchema, response: created } },
    async (request, reply) => {
      const invoice = await invoicing(request, async (tx) => {
        await recordPayment(tx, principalOf(request), request.params.id, request.body);
        return request.params.id;
      });
      return reply.status(201).send(invoice);
    },
  );

  r.put(
    '/api/invoice1/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: invoiceUpdateSchema, response: { 200: invoiceDetailSchema } },
    },
    async (request) =>
      invoicing(request, async (tx) => {
        await changeInvoice(tx, principalOf(request), request.params.id, request.body);
        return request.params.id;
      }),
  );

  r.delete(
    '/api/invoice1/:id',
    { config: { access }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) =>
        cancelOrDeleteInvoice(tx, principalOf(request), request.params.id),
      );
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/invoice1/email/:id',
    { config: { access }, schema: { tags, params: byId, body: invoiceEmailSchema, response: queued } },
    async (request, reply) => {
      const messageId = await tenantTx(deps, request, async (tx) => {
        const principal = principalOf(request);
        const company = await billingCompany(tx, principal.companyId);
        return emailInvoice(tx, principal, company, request.params.id, request.body);
      });
      await publisher.enqueue([messageId], PRIORITY.single);
      return reply.status(202).send({ messageId });
    },
  );

  r.get(
    '/api/invoice1/download/:id',
    { config: { access }, schema: { tags, params: byId } },
    async (request, reply) => {
      const { fileName, pdf } = await tenantTx(deps, request, async (tx) => {
        const company = await billingCompany(tx, principalOf(request).companyId);
        return invoicePdf(tx, request.params.id, company);
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
