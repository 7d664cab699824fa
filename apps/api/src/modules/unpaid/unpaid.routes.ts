import {
  clientOwedSchema,
  idParam,
  runInfoSchema,
  runSummarySchema,
  unpaidNoticeCreateSchema,
  unpaidNoticeResultSchema,
  unpaidNoticeSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { runList } from '../billing-runs/billing-settings.service.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import { clientNotices, clientOwed, createUnpaidNotice, noticeLetterPdf } from './unpaid-notice.service.ts';
import { startUnpaidRun } from './unpaid-run.service.ts';

const tags = ['unpaid'];
const byClient = z.strictObject({ clientId: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });

/** Tab 16 (unpaid notices) and unpaid runs. */
export function unpaidRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.post(
    '/api/unpaid/client/:clientId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byClient,
        body: unpaidNoticeCreateSchema,
        response: { 201: unpaidNoticeResultSchema },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const result = await createUnpaidNotice(
        scopeOf(deps, request),
        publisher,
        deps.pdf,
        clientId,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/api/unpaid/client/:clientId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byClient, response: { 200: z.array(unpaidNoticeSchema) } },
    },
    async (request) => clientNotices(scopeOf(deps, request), request.params.clientId),
  );

  r.get(
    '/api/unpaid/client/:clientId/owed',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byClient, response: { 200: clientOwedSchema } },
    },
    async (request) => clientOwed(scopeOf(deps, request), request.params.clientId),
  );

  r.get(
    '/api/unpaid/download/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId } },
    async (request, reply) => {
      const { fileName, pdf } = await noticeLetterPdf(scopeOf(deps, request), deps.pdf, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/unpaidrun/:companyId',
    { config: { access: ADMIN }, schema: { tags, params: byCompany, response: { 201: runInfoSchema } } },
    async (request, reply) =>
      reply.status(201).send(await startUnpaidRun(companyScope(deps, request), publisher, deps.pdf)),
  );

  r.get(
    '/api/unpaidrun/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(runSummarySchema) } },
    },
    async (request) => runList(companyScope(deps, request), 'unpaid'),
  );
}
