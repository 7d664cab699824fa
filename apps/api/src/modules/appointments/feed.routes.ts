import { calendarFeedCreatedSchema, calendarFeedStateSchema } from '@pd/contracts';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  calendarFeedState,
  createCalendarFeed,
  renderCalendarFeed,
  revokeCalendarFeed,
} from './feed.service.ts';

const tags = ['appointments'];
const byToken = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** The caller's own calendar feed address (create, read its state, revoke) and the public feed itself. */
export function feedRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/calendar-feed',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 200: calendarFeedStateSchema } } },
    async (request) => calendarFeedState(scopeOf(deps, request)),
  );

  r.post(
    '/api/appointment/calendar-feed',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 201: calendarFeedCreatedSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCalendarFeed(scopeOf(deps, request), `${request.protocol}://${request.host}`)),
  );

  r.delete(
    '/api/appointment/calendar-feed',
    { config: { access: SIGNED_IN }, schema: { response: noContent, tags } },
    async (request, reply) => {
      await revokeCalendarFeed(scopeOf(deps, request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/appointment/ics/:token',
    { config: { access: PUBLIC }, schema: { tags, params: byToken } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await renderCalendarFeed(deps.db, request.params.token)),
  );
}
