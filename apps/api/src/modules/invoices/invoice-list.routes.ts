import {
  INVOICE_LISTS,
  type InvoiceList,
  idParam,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  runInfoSchema,
} from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { Tx } from '../../db/tenancy.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findInvoiceIdByAppointment, findLiveClientId, findUserId } from './invoice.queries.ts';
import { type BillingCompany, billingCompany } from './invoice-context.ts';
import { invoiceDetail } from './invoice-document.ts';
import { invoicesWhere, listInvoicePage, listInvoices } from './invoice-list.queries.ts';
import { billingRunInfo, billingRunScope, unpaidRunInfo, unpaidRunScope } from './invoice-runs.queries.ts';

const access = SIGNED_IN;
const tags = ['invoices'];
const list = z.array(invoiceSchema);
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const byAffiliate = z.strictObject({ companyId: idParam, affiliateId: idParam });
const byRun = z.strictObject({ companyId: idParam, runId: idParam });
const byCompanyId = z.strictObject({ companyId: idParam, id: idParam });

export function invoiceListRoutes(app: App, deps: Deps) {
  const r = typed(app);
  /** The caller's own company (another company's id answers 404), in its tenant transaction. */
  const inOwnCompany = <T>(
    request: FastifyRequest,
    companyId: number,
    fn: (tx: Tx, company: BillingCompany) => Promise<T>,
  ) => {
    assertOwnCompany(request, companyId);
    return tenantTx(deps, request, async (tx) => fn(tx, await billingCompany(tx, companyId)));
  };
  const inCompany = <T>(request: FastifyRequest, fn: (tx: Tx, company: BillingCompany) => Promise<T>) =>
    inOwnCompany(request, principalOf(request).companyId, fn);
  const found = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new NotFoundError(what);
    return value;
  };

  for (const name of INVOICE_LISTS) {
    r.get(
      `/api/invoice1/${name}/:companyId`,
      { config: { access }, schema: { tags, params: byCompany, response: { 200: list } } },
      async (request) =>
        inOwnCompany(request, request.params.companyId, (tx, c) =>
          listInvoices(tx, c.id, name as InvoiceList, c.today),
        ),
    );
  }

  r.get(
    '/api/invoice1/all/lazyloading/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) =>
      inOwnCompany(request, request.params.companyId, (tx, c) =>
        listInvoicePage(tx, c.id, request.query, c.today),
      ),
  );

  r.get(
    '/api/invoice1/all/practitioner/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: list } } },
    async (request) =>
      inCompany(request, async (tx, c) => {
        found(await findUserId(tx, request.params.id), 'User');
        return invoicesWhere(tx, c.id, sql`i.practitioner_id = ${request.params.id}`, c.today);
      }),
  );

  r.get(
    '/api/invoice1/all/practitioner/lazyloading/:id',
    {
      config: { access },
      schema: {
        tags,
        params: byId,
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) =>
      inCompany(request, async (tx, c) => {
        found(await findUserId(tx, request.params.id), 'User');
        const scope = sql`i.practitioner_id = ${request.params.id}`;
        return listInvoicePage(tx, c.id, request.query, c.today, scope);
      }),
  );

  r.get(
    '/api/invoice1/:companyId/affiliate/:affiliateId',
    { config: { access }, schema: { tags, params: byAffiliate, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx, c) => {
        found(await findLiveClientId(tx, request.params.affiliateId), 'Client');
        return invoicesWhere(tx, c.id, sql`i.affiliate_client_id = ${request.params.affiliateId}`, c.today);
      }),
  );

  r.get(
    '/api/invoice1/:companyId/billingrun/:runId',
    { config: { access }, schema: { tags, params: byRun, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx, c) => {
        found(await billingRunInfo(tx, request.params.runId), 'Billing run');
        return invoicesWhere(tx, c.id, billingRunScope(request.params.runId), c.today);
      }),
  );

  r.get(
    '/api/invoice1/:companyId/unpaidrun/:runId',
    { config: { access }, schema: { tags, params: byRun, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx, c) => {
        found(await unpaidRunInfo(tx, request.params.runId), 'Unpaid run');
        return invoicesWhere(tx, c.id, unpaidRunScope(request.params.runId), c.today);
      }),
  );

  r.get(
    '/api/invoice1/:companyId/billingrun/invoiceinfo/:id',
    { config: { access }, schema: { tags, params: byCompanyId, response: { 200: runInfoSchema } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx) =>
        found(await billingRunInfo(tx, request.params.id), 'Billing run'),
      ),
  );

  r.get(
    '/api/invoice1/:companyId/unpaidrun/invoiceinfo/:id',
    { config: { access }, schema: { tags, params: byCompanyId, response: { 200: runInfoSchema } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx) =>
        found(await unpaidRunInfo(tx, request.params.id), 'Unpaid run'),
      ),
  );

  r.get(
    '/api/invoice1/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: invoiceDetailSchema } } },
    async (request) => inCompany(request, (tx, c) => invoiceDetail(tx, request.params.id, c.today)),
  );

  r.get(
    '/api/invoice1/appointment/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: invoiceDetailSchema } } },
    async (request) =>
      inCompany(request, async (tx, c) => {
        const id = found(await findInvoiceIdByAppointment(tx, request.params.id), 'Invoice');
        return invoiceDetail(tx, id, c.today);
      }),
  );
}
