import {
  idParam,
  runInfoSchema,
  runSummarySchema,
  SUCCESS_MESSAGES,
  unpaidNoticeCreateSchema,
  unpaidNoticeResultSchema,
  unpaidNoticeSchema,
  unpaidTypeName,
} from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError, written } from '../../lib/errors.ts';
import { recentRuns } from '../billing-runs/billing-settings.queries.ts';
import { billingCompany } from '../invoices/invoice-context.ts';
import { unpaidRunInfo } from '../invoices/invoice-runs.queries.ts';
import { appPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { findClientContact } from '../messaging/message.queries.ts';
import { selectNotices } from './unpaid.queries.ts';
import { createNotice, noticeLetter } from './unpaid.service.ts';
import { failUnpaidRun, insertUnpaidRun } from './unpaid-run.queries.ts';
import { runUnpaid } from './unpaid-run.service.ts';

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
      const outcome = await tenantTx(deps, request, async (tx) => {
        const principal = principalOf(request);
        const company = await billingCompany(tx, principal.companyId);
        return createNotice(tx, principal, company, request.params.clientId, request.body);
      });
      if (outcome.notice.messageId) await publisher.enqueue([outcome.notice.messageId], PRIORITY.single);
      const message = outcome.emailed
        ? SUCCESS_MESSAGES.createUnpaidNotice
        : `${SUCCESS_MESSAGES.createUnpaidNotice} The client has no e-mail address: the letter was not e-mailed; download it instead.`;
      return reply.status(201).send({ ...outcome, message });
    },
  );

  r.get(
    '/api/unpaid/client/:clientId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byClient, response: { 200: z.array(unpaidNoticeSchema) } },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        if (!(await findClientContact(tx, request.params.clientId))) throw new NotFoundError('Client');
        const rows = await selectNotices(tx, sql`n.client_id = ${request.params.clientId}`);
        return rows.map((n) => ({ ...n, unpaidTypeName: unpaidTypeName(n.unpaidType) }));
      }),
  );

  r.get(
    '/api/unpaid/download/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId } },
    async (request, reply) => {
      const { fileName, pdf } = await tenantTx(deps, request, async (tx) =>
        noticeLetter(tx, await billingCompany(tx, principalOf(request).companyId), request.params.id),
      );
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
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const principal = principalOf(request);
      const runId = await tenantTx(deps, request, (tx) =>
        insertUnpaidRun(tx, principal.companyId, principal.userId),
      );
      try {
        const { messageIds } = await tenantTx(deps, request, async (tx) =>
          runUnpaid(tx, principal, await billingCompany(tx, principal.companyId), runId),
        );
        await publisher.enqueue(messageIds, PRIORITY.bulk);
      } catch (error) {
        await tenantTx(deps, request, (tx) => failUnpaidRun(tx, runId, (error as Error).message));
        throw error;
      }
      const info = await tenantTx(deps, request, (tx) => unpaidRunInfo(tx, runId));
      return reply.status(201).send(written(info, 'unpaid run'));
    },
  );

  r.get(
    '/api/unpaidrun/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(runSummarySchema) } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => recentRuns(tx, 'unpaid'));
    },
  );
}
