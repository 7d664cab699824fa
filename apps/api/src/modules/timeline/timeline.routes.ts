import { idParam, timelinePageSchema, timelineQuerySchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { clientTimeline } from './timeline.service.ts';

const byClient = z.strictObject({ id: idParam });
const tags = ['clients'];

/** Issue 17, part 9: the client's timeline, read by anyone signed in as its record page is. */
export function timelineRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/client1/:id/timeline',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byClient,
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema },
      },
    },
    async (request) => clientTimeline(scopeOf(deps, request), request.params.id, request.query),
  );
}
