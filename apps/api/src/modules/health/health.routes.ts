import { z } from 'zod';
import { PUBLIC } from '../../auth/access.ts';
import { type App, type Deps, typed } from '../../lib/deps.ts';
import { sendError } from '../../lib/error-reply.ts';

const ok = z.object({ status: z.literal('ok') });
const tags = ['health'];

/**
 * Liveness says the process answers; readiness says it can serve (the database answers). A load balancer
 * takes a process out of rotation while readiness fails, and a supervisor restarts it only when liveness does.
 */
export function healthRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/health/live',
    { config: { access: PUBLIC }, schema: { tags, response: { 200: ok } } },
    async () => ({ status: 'ok' as const }),
  );

  for (const url of ['/api/health', '/api/health/ready']) {
    r.get(
      url,
      { config: { access: PUBLIC }, schema: { tags, response: { 200: ok } } },
      async (request, reply) => {
        if (await deps.outage.check()) return { status: 'ok' as const };
        reply.header('retry-after', String(deps.outage.retryAfterSeconds));
        return sendError(reply, request, 503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database cannot be reached.',
        });
      },
    );
  }
}
