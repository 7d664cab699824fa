import {
  bulkSmsPreviewQuerySchema,
  bulkSmsPreviewSchema,
  bulkSmsResultSchema,
  bulkSmsSchema,
  deliveryProvidersSchema,
  idParam,
  outboxMessageSchema,
  sendEmailSchema,
  sendSmsSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { previewBulkSms, sendBulkSms } from './bulk-sms.service.ts';
import { appPublisher } from './delivery/queue.ts';
import { deliveryNames } from './delivery/transports.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { type Send, sendEmail, sendSms } from './send.service.ts';

const byId = z.strictObject({ id: idParam });
const byCompany = z.strictObject({ companyId: idParam });
const tags = ['messaging'];

/** Spec tabs 13, 14 and 24: e-mail, SMS and bulk SMS, queued for the delivery worker (202 Accepted). */
export function messagingRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  /** One e-mail or SMS: queued in its transaction, enqueued for delivery once it commits. */
  function sendRoute<B extends z.ZodType>(channel: 'email' | 'sms', body: B, send: Send<z.output<B>>) {
    r.post(
      `/api/client1/:id/${channel}`,
      {
        config: { access: SIGNED_IN },
        schema: { tags, params: byId, body, response: { 202: outboxMessageSchema } },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const body = request.body as z.output<B>;
        return reply
          .status(202)
          .send(await send(scopeOf(deps, request), publisher, request.params.id, body, key));
      },
    );
  }
  sendRoute('email', sendEmailSchema, sendEmail);
  sendRoute('sms', sendSmsSchema, sendSms);

  // Issue 13: the screens say "queued, not delivered" after a send when no provider is configured.
  const names = deliveryNames(deps.config.messaging);
  const providers = { email: names.email !== 'outbox', sms: names.sms !== 'outbox' };
  r.get(
    '/api/message1/delivery',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 200: deliveryProvidersSchema } } },
    async () => providers,
  );

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
    async (request) => previewBulkSms(companyScope(deps, request), request.query.message),
  );

  r.post(
    '/api/client1/company/:companyId/bulksms',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, body: bulkSmsSchema, response: { 202: bulkSmsResultSchema } },
    },
    async (request, reply) => {
      const scope = companyScope(deps, request);
      const key = idempotencyKeyOf(request);
      return reply.status(202).send(await sendBulkSms(scope, publisher, request.body.message, key));
    },
  );
}
