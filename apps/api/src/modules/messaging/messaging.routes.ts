import {
  bulkSmsPreviewQuerySchema,
  bulkSmsPreviewSchema,
  bulkSmsResultSchema,
  bulkSmsSchema,
  idParam,
  outboxMessageSchema,
  sendEmailSchema,
  sendSmsSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { type Principal, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { Tx } from '../../db/tenancy.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { previewBulkSms, queueBulkSms } from './bulk-sms.service.ts';
import { appPublisher, PRIORITY } from './delivery/queue.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { messageView } from './message.queries.ts';
import { type Queued, queueEmail, queueSms } from './send.service.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const tags = ['messaging'];

/** Spec tabs 13, 14 and 24: e-mail, SMS and bulk SMS, queued for the delivery worker (202 Accepted). */
export function messagingRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  type QueueOne<T> = (
    tx: Tx,
    principal: Principal,
    clientId: number,
    input: T,
    key?: string,
  ) => Promise<Queued>;

  /** One e-mail or SMS: queued in the request's transaction, enqueued for delivery once it commits. */
  function sendRoute<B extends z.ZodType>(channel: 'email' | 'sms', body: B, queue: QueueOne<z.output<B>>) {
    r.post(
      `/api/client1/:id/${channel}`,
      {
        config: { access: SIGNED_IN },
        schema: { tags, params: byId, body, response: { 202: outboxMessageSchema } },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const { queued, view } = await tenantTx(deps, request, async (tx) => {
          const queued = await queue(
            tx,
            principalOf(request),
            request.params.id,
            request.body as z.output<B>,
            key,
          );
          return { queued, view: await messageView(tx, queued.id) };
        });
        if (queued.created) await publisher.enqueue([queued.id], PRIORITY.single);
        return reply.status(202).send(view);
      },
    );
  }
  sendRoute('email', sendEmailSchema, queueEmail);
  sendRoute('sms', sendSmsSchema, queueSms);

  r.get(
    '/api/client1/company/:companyId/bulksms/preview',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: bulkSmsPreviewQuerySchema,
        response: { 200: bulkSmsPreviewSchema },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) =>
        previewBulkSms(tx, request.params.companyId, request.query.message),
      );
    },
  );

  r.post(
    '/api/client1/company/:companyId/bulksms',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, body: bulkSmsSchema, response: { 202: bulkSmsResultSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const key = idempotencyKeyOf(request);
      const { result, queued } = await tenantTx(deps, request, (tx) =>
        queueBulkSms(tx, principalOf(request), request.body.message, key),
      );
      if (queued) await publisher.enqueueBulk(queued);
      return reply.status(202).send(result);
    },
  );
}
