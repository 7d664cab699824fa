import { clientMessagesQuerySchema, idParam, outboxPageSchema, outboxQuerySchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { deliveryNames } from './delivery/transports.ts';
import { clientMessagesOf, outboxOf } from './outbox.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byClient = z.strictObject({ id: idParam });
const tags = ['messaging'];

/**
 * The delivery outbox (rights A): every message with its status, and where each channel delivers. Anyone
 * signed in reads one client's messages (its record page), as they read its audit trail.
 */
export function outboxRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const delivery = deliveryNames(deps.config.messaging);

  r.get(
    '/api/message1/company/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => outboxOf(companyScope(deps, request), request.query, delivery),
  );

  r.get(
    '/api/client1/:id/messages',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byClient,
        querystring: clientMessagesQuerySchema,
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => clientMessagesOf(scopeOf(deps, request), request.params.id, request.query, delivery),
  );
}
