import { describe, expect, it } from 'vitest';
import { openDatabase } from './connect.ts';

/**
 * The embedded engine's socket server must never refuse one of the pool's own connections. CI once saw a
 * browser test get 503 "briefly unavailable": the pool had closed an idle connection and opened a new one
 * before the socket server had counted the old one out, so the server answered "Too many connections" and
 * the app took it for a database outage.
 */
describe('embedded engine connections', () => {
  it('a connection replacing a just-closed one is accepted, many times over', async () => {
    const database = await openDatabase({ dataDir: 'memory://', poolSize: 2 });
    try {
      for (let round = 0; round < 40; round++) {
        const [a, b] = await Promise.all([database.pool.connect(), database.pool.connect()]);
        b.release();
        a.release(true); // closes its socket, as the pool's idle timeout does
        const [c, d] = await Promise.all([database.pool.connect(), database.pool.connect()]);
        await expect(c.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
        await expect(d.query('select 2 as two')).resolves.toMatchObject({ rows: [{ two: 2 }] });
        c.release();
        d.release(true);
      }
    } finally {
      await database.close();
    }
  });

  it('keeps idle connections open instead of closing and reopening them', async () => {
    const database = await openDatabase({ dataDir: 'memory://', poolSize: 2 });
    try {
      expect(database.pool.options.idleTimeoutMillis).toBe(0);
    } finally {
      await database.close();
    }
  });
});
