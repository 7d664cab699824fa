import { idParam, outboxPageSchema, outboxQuerySchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN } from '../../auth/access.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { deliveryNames } from './delivery/transports.ts';
import { outboxPage } from './message.queries.ts';

const byCompany = z.strictObject({ companyId: idParam });

/** The delivery outbox (rights A): every message with its status, and where each channel delivers. */
export function outboxRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const delivery = deliveryNames(deps.config.messaging);

  r.get(
    '/api/message1/company/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['messaging'],
        params: byCompany,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      const page = await tenantTx(deps, request, (tx) =>
        outboxPage(tx, request.params.companyId, request.query),
      );
      return { ...page, delivery };
    },
  );
}
