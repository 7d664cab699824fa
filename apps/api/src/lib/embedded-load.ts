import type { FastifyInstance } from 'fastify';

/** Users count as concurrent while they made a request in the last five minutes. */
const ACTIVE_WINDOW_MS = 5 * 60_000;
const WARN_EVERY_MS = 60 * 60_000;

/**
 * On the embedded engine: warns (at most once an hour) when more users are active at once than it serves
 * within p95 300 ms (EMBEDDED_USER_CAPACITY, measured by scripts/bench/concurrent-users.ts; README
 * "Outgrowing the embedded database"), pointing at npm run db:move.
 */
export function watchEmbeddedLoad(app: FastifyInstance, capacity: number, now: () => number = Date.now) {
  const lastSeen = new Map<number, number>();
  let warnedAt = Number.NEGATIVE_INFINITY;
  app.addHook('onResponse', async (request) => {
    const userId = request.principal?.userId;
    if (userId === undefined) return;
    const at = now();
    lastSeen.set(userId, at);
    if (lastSeen.size <= capacity) return;
    for (const [id, seen] of lastSeen) if (at - seen > ACTIVE_WINDOW_MS) lastSeen.delete(id);
    if (lastSeen.size <= capacity || at - warnedAt < WARN_EVERY_MS) return;
    warnedAt = at;
    app.log.warn(
      `${lastSeen.size} users are active at once; the embedded database serves about ${capacity} within ` +
        'p95 300 ms. Move to a PostgreSQL server: npm run db:move -- --to postgres://… (README).',
    );
  });
}
