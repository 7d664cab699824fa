import { idParam, invoiceDetailSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { invoiceAppointment } from './invoicing.service.ts';

/** Invoice from the appointment (users allowed to invoice; the invoice module decides). */
export function invoicingRoutes(app: App, deps: Deps) {
  typed(app).post(
    '/api/appointment/:id/invoice',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['appointments'],
        params: z.strictObject({ id: idParam }),
        response: { 201: invoiceDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoiceAppointment(scopeOf(deps, request), request.params.id)),
  );
}
