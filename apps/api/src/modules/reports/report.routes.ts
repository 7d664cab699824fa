import {
  clientsReportFileName,
  clientsReportQuerySchema,
  clientsReportSchema,
  debtorInvoicesSchema,
  debtorsFileName,
  debtorsQuerySchema,
  debtorsReportSchema,
  diaryFileName,
  diaryReportQuerySchema,
  diaryReportSchema,
  homeFiguresSchema,
  idParam,
  messagingFileName,
  messagingReportQuerySchema,
  messagingReportSchema,
  revenueFileName,
  revenueQuerySchema,
  revenueReportSchema,
} from '@pd/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { clientsReport } from './clients.service.ts';
import { clientsCsvFile } from './clients-export.ts';
import { debtorInvoices, debtorsReport } from './debtors.service.ts';
import { debtorsCsvFile, debtorsPdfFile } from './debtors-export.ts';
import { diaryReport } from './diary.service.ts';
import { diaryCsvFile } from './diary-export.ts';
import { homeFigures } from './home.service.ts';
import { messagingReport } from './messaging.service.ts';
import { messagingCsvFile } from './messaging-export.ts';
import { revenueReport } from './revenue.service.ts';
import { revenueCsvFile, revenuePdfFile } from './revenue-export.ts';

/** Administrators and users who may invoice: the service checks (the guard knows no "may invoice"). */
const access = SIGNED_IN;
/** The company's revenue: administrators (rights A) only. */
const adminAccess = ADMIN;
const tags = ['reports'];
const byCompany = z.strictObject({ companyId: idParam });
const byClient = z.strictObject({ companyId: idParam, clientId: idParam });

const CSV = 'text/csv; charset=utf-8';
/** A report's file as a download that no cache keeps. */
const sendFile = (reply: FastifyReply, type: string, fileName: string, body: string | Buffer) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);

/** Issue 19: reports under /api/report/…; the debtors' age analysis (drill-down, exports) and revenue. */
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
      return sendFile(reply, CSV, debtorsFileName(asAt, 'csv'), csv);
    },
  );

  r.get(
    '/api/report/debtors/:companyId/pdf',
    { config: { access }, schema: { tags, params: byCompany, querystring: debtorsQuerySchema } },
    async (request, reply) => {
      const { asAt, pdf } = await debtorsPdfFile(companyScope(deps, request), deps.pdf, request.query);
      return sendFile(reply, 'application/pdf', debtorsFileName(asAt, 'pdf'), pdf);
    },
  );

  r.get(
    '/api/report/revenue/:companyId',
    {
      config: { access: adminAccess },
      schema: {
        tags,
        params: byCompany,
        querystring: revenueQuerySchema,
        response: { 200: revenueReportSchema },
      },
    },
    async (request) => revenueReport(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/report/revenue/:companyId/csv',
    { config: { access: adminAccess }, schema: { tags, params: byCompany, querystring: revenueQuerySchema } },
    async (request, reply) => {
      const { report, csv } = await revenueCsvFile(companyScope(deps, request), request.query);
      return sendFile(reply, CSV, revenueFileName(report.from, report.to), csv);
    },
  );

  r.get(
    '/api/report/revenue/:companyId/pdf',
    { config: { access: adminAccess }, schema: { tags, params: byCompany, querystring: revenueQuerySchema } },
    async (request, reply) => {
      const { report, pdf } = await revenuePdfFile(companyScope(deps, request), deps.pdf, request.query);
      return sendFile(reply, 'application/pdf', revenueFileName(report.from, report.to, 'pdf'), pdf);
    },
  );

  r.get(
    '/api/report/diary/:companyId',
    {
      config: { access: adminAccess },
      schema: {
        tags,
        params: byCompany,
        querystring: diaryReportQuerySchema,
        response: { 200: diaryReportSchema },
      },
    },
    async (request) => diaryReport(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/report/diary/:companyId/csv',
    {
      config: { access: adminAccess },
      schema: { tags, params: byCompany, querystring: diaryReportQuerySchema },
    },
    async (request, reply) => {
      const { report, csv } = await diaryCsvFile(companyScope(deps, request), request.query);
      return sendFile(reply, CSV, diaryFileName(report.from, report.to), csv);
    },
  );

  r.get(
    '/api/report/messaging/:companyId',
    {
      config: { access: adminAccess },
      schema: {
        tags,
        params: byCompany,
        querystring: messagingReportQuerySchema,
        response: { 200: messagingReportSchema },
      },
    },
    async (request) => messagingReport(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/report/messaging/:companyId/csv',
    {
      config: { access: adminAccess },
      schema: { tags, params: byCompany, querystring: messagingReportQuerySchema },
    },
    async (request, reply) => {
      const { report, csv } = await messagingCsvFile(companyScope(deps, request), request.query);
      return sendFile(reply, CSV, messagingFileName(report.from, report.to), csv);
    },
  );

  r.get(
    '/api/report/clients/:companyId',
    {
      config: { access: adminAccess },
      schema: {
        tags,
        params: byCompany,
        querystring: clientsReportQuerySchema,
        response: { 200: clientsReportSchema },
      },
    },
    async (request) => clientsReport(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/report/clients/:companyId/csv',
    {
      config: { access: adminAccess },
      schema: { tags, params: byCompany, querystring: clientsReportQuerySchema },
    },
    async (request, reply) => {
      const { report, csv } = await clientsCsvFile(companyScope(deps, request), request.query);
      return sendFile(reply, CSV, clientsReportFileName(report.from, report.to), csv);
    },
  );

  r.get(
    '/api/report/home/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: z.strictObject({}),
        response: { 200: homeFiguresSchema },
      },
    },
    async (request) => homeFigures(companyScope(deps, request)),
  );
}
