import {
  idParam,
  seriesChangeResultSchema,
  seriesInputSchema,
  seriesResultSchema,
  seriesStatusInputSchema,
  seriesUpdateSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { createSeries } from './series.service.ts';
import { changeSeries, setSeriesStatus } from './series-change.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['appointments'];
const access = SIGNED_IN;

/** Recurring series: book, change and cancel this one, this and following, or all. */
export function seriesRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.post(
    '/api/appointment/series/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: seriesInputSchema, response: { 201: seriesResultSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createSeries(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/appointment/:id/series',
    {
      config: { access },
      schema: { tags, params: byId, body: seriesUpdateSchema, response: { 200: seriesChangeResultSchema } },
    },
    async (request) => changeSeries(scopeOf(deps, request), request.params.id, request.body),
  );

  r.post(
    '/api/appointment/:id/series/status',
    {
      config: { access },
      schema: {
        tags,
        params: byId,
        body: seriesStatusInputSchema,
        response: { 200: seriesChangeResultSchema },
      },
    },
    async (request) => setSeriesStatus(scopeOf(deps, request), request.params.id, request.body),
  );
}
