import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC } from '../../auth/access.ts';
import { type App, type Deps, typed } from '../../lib/deps.ts';

export function healthRoutes(app: App, deps: Deps) {
  typed(app).get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
}
