import {
  historyQuerySchema,
  idParam,
  reminderDispatchListSchema,
  reminderDispatchPageSchema,
  reminderDispatchSchema,
  reminderForecastSchema,
  upcomingQuerySchema,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { companyFirst } from '../appointments/diary-company.ts';
import { appointmentDispatches, history, retryDispatch, upcoming } from './dispatch-list.service.ts';
import { forecast } from './forecast.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['reminders'];

/** What will go out, what went out and what failed (everyone reads; a failed one can be retried). */
export function dispatchRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/reminder/upcoming/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: upcomingQuerySchema,
        response: { 200: reminderDispatchPageSchema },
      },
    },
    async (request) => upcoming(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/reminder/forecast/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: reminderForecastSchema } },
    },
    async (request) => forecast(companyScope(deps, request)),
  );

  r.get(
    '/api/reminder/history/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: historyQuerySchema,
        response: { 200: reminderDispatchPageSchema },
      },
    },
    async (request) => history(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/reminder/appointment/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, response: { 200: reminderDispatchListSchema } },
    },
    async (request) => appointmentDispatches(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/reminder/dispatch/:id/retry',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, response: { 200: reminderDispatchSchema } },
    },
    async (request) => retryDispatch(scopeOf(deps, request), request.params.id),
  );
}
