import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/access.ts';
import { watchEmbeddedLoad } from './embedded-load.ts';

/** An app whose requests are signed in as ?user=N, with its warnings collected. */
async function appWithCapacity(capacity: number, clock: { now: number }) {
  const warnings: string[] = [];
  const app = Fastify({ logger: false });
  app.log.warn = ((message: string) => warnings.push(message)) as typeof app.log.warn;
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const user = Number((request.query as { user?: string }).user);
    request.principal = { userId: user, companyId: 1 } as Principal;
  });
  watchEmbeddedLoad(app, capacity, () => clock.now);
  app.get('/', async () => 'ok');
  await app.ready();
  return { app, warnings };
}

describe('the embedded engine load watch', () => {
  it('warns once when more users than its capacity are active at once, and again an hour later', async () => {
    const clock = { now: 0 };
    const { app, warnings } = await appWithCapacity(2, clock);
    for (const user of [1, 2, 1, 2]) await app.inject({ url: `/?user=${user}` });
    expect(warnings).toEqual([]);
    await app.inject({ url: '/?user=3' });
    await app.inject({ url: '/?user=3' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/3 users are active at once; .* about 2 .*npm run db:move/);
    clock.now += 61 * 60_000;
    for (const user of [1, 2, 3]) await app.inject({ url: `/?user=${user}` });
    expect(warnings).toHaveLength(2);
  });

  it('forgets users idle for five minutes', async () => {
    const clock = { now: 0 };
    const { app, warnings } = await appWithCapacity(2, clock);
    await app.inject({ url: '/?user=1' });
    await app.inject({ url: '/?user=2' });
    clock.now += 6 * 60_000;
    await app.inject({ url: '/?user=3' });
    await app.inject({ url: '/?user=4' });
    expect(warnings).toEqual([]);
  });
});
