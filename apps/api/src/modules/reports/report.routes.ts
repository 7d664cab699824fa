import {
  debtorInvoicesSchema,
  debtorsFileName,
  debtorsQuerySchema,
  debtorsReportSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { debtorInvoices, debtorsReport } from './debtors.service.ts';
import { debtorsCsvFile, debtorsPdfFile } from './debtors-export.ts';

/** Administrators and users who may invoice: the service checks (the guard knows no "may invoice"). */
const access = SIGNED_IN;
const tags = ['reports'];
const byCompany = z.strictObject({ companyId: idParam });
const byClient = z.strictObject({ companyId: idParam, clientId: idParam });

/** Issue 19: reports under /api/report/…; the debtors' age analysis, its drill-down and exports. */
export function reportRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/report/debtors/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: debtorsQuerySchema,
        response: { 200: debtorsReportSchema },
      },
    },
    async (request) => debtorsReport(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/report/debtors/:companyId/client/:clientId',
    {
      config: { access },
      schema: {
        tags,
        params: byClient,
        querystring: debtorsQuerySchema,
        response: { 200: debtorInvoicesSchema },
      },
    },
    async (request) => debtorInvoices(companyScope(deps, request), request.params.clientId, request.query),
  );

  r.get(
    '/api/report/debtors/:companyId/csv',
    { config: { access }, schema: { tags, params: byCompany, querystring: debtorsQuerySchema } },
    async (request, reply) => {
      const { asAt, csv } = await debtorsCsvFile(companyScope(deps, request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${debtorsFileName(asAt, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/report/debtors/:companyId/pdf',
    { config: { access }, schema: { tags, params: byCompany, querystring: debtorsQuerySchema } },
    async (request, reply) => {
      const { asAt, pdf } = await debtorsPdfFile(companyScope(deps, request), deps.pdf, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${debtorsFileName(asAt, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
