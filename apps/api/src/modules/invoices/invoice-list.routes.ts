import {
  INVOICE_LISTS,
  idParam,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  invoiceTotalsSchema,
  runInfoSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import {
  appointmentInvoice,
  billingRunSummary,
  getInvoice,
  invoiceList,
  invoicePage,
  invoiceTotals,
  scopedInvoiceList,
  unpaidRunSummary,
} from './invoice-read.service.ts';

const access = SIGNED_IN;
const tags = ['invoices'];
const list = z.array(invoiceSchema);
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const byAffiliate = z.strictObject({ companyId: idParam, affiliateId: idParam });
const byRun = z.strictObject({ companyId: idParam, runId: idParam });
const byCompanyId = z.strictObject({ companyId: idParam, id: idParam });
const page = { tags, querystring: invoiceListQuerySchema, response: { 200: invoicePageSchema } };

export function invoiceListRoutes(app: App, deps: Deps) {
  const r = typed(app);

  for (const name of INVOICE_LISTS) {
    r.get(
      `/api/invoice1/${name}/:companyId`,
      { config: { access }, schema: { tags, params: byCompany, response: { 200: list } } },
      async (request) => invoiceList(companyScope(deps, request), name),
    );
  }

  r.get(
    '/api/invoice1/all/lazyloading/:companyId',
    { config: { access }, schema: { ...page, params: byCompany } },
    async (request) => invoicePage(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/invoice1/all/totals/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceTotalsSchema },
      },
    },
    async (request) => invoiceTotals(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/invoice1/all/practitioner/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: list } } },
    async (request) => scopedInvoiceList(scopeOf(deps, request), { practitionerId: request.params.id }),
  );

  r.get(
    '/api/invoice1/all/practitioner/lazyloading/:id',
    { config: { access }, schema: { ...page, params: byId } },
    async (request) =>
      invoicePage(scopeOf(deps, request), request.query, { practitionerId: request.params.id }),
  );

  r.get(
    '/api/invoice1/:companyId/affiliate/:affiliateId',
    { config: { access }, schema: { tags, params: byAffiliate, response: { 200: list } } },
    async (request) =>
      scopedInvoiceList(companyScope(deps, request), { affiliateClientId: request.params.affiliateId }),
  );

  r.get(
    '/api/invoice1/:companyId/billingrun/:runId',
    { config: { access }, schema: { tags, params: byRun, response: { 200: list } } },
    async (request) => scopedInvoiceList(companyScope(deps, request), { billingRunId: request.params.runId }),
  );

  r.get(
    '/api/invoice1/:companyId/unpaidrun/:runId',
    { config: { access }, schema: { tags, params: byRun, response: { 200: list } } },
    async (request) => scopedInvoiceList(companyScope(deps, request), { unpaidRunId: request.params.runId }),
  );

  r.get(
    '/api/invoice1/:companyId/billingrun/invoiceinfo/:id',
    { config: { access }, schema: { tags, params: byCompanyId, response: { 200: runInfoSchema } } },
    async (request) => billingRunSummary(companyScope(deps, request), request.params.id),
  );

  r.get(
    '/api/invoice1/:companyId/unpaidrun/invoiceinfo/:id',
    { config: { access }, schema: { tags, params: byCompanyId, response: { 200: runInfoSchema } } },
    async (request) => unpaidRunSummary(companyScope(deps, request), request.params.id),
  );

  r.get(
    '/api/invoice1/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: invoiceDetailSchema } } },
    async (request) => getInvoice(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/invoice1/appointment/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: invoiceDetailSchema } } },
    async (request) => appointmentInvoice(scopeOf(deps, request), request.params.id),
  );
}
