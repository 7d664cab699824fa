import { idParam, slotListSchema, slotQuerySchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { companyFirst } from './diary-company.ts';
import { findFreeSlots } from './slot.service.ts';

const byCompany = z.strictObject({ companyId: idParam });

/** "Next free slot": the next slots (10 by default) for a type and practitioners. */
export function slotRoutes(app: App, deps: Deps) {
  typed(app).get(
    '/api/appointment/slots/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags: ['appointments'],
        params: byCompany,
        querystring: slotQuerySchema,
        response: { 200: slotListSchema },
      },
    },
    async (request) => {
      return findFreeSlots(companyScope(deps, request), request.query);
    },
  );
}
