import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { errorBodySchema } from '@pd/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/connect.ts';
import { createTestContext, type TestContext } from './harness.ts';

/**
 * Issue 12, point 2: while the database cannot be reached every request answers 503 with Retry-After in
 * the error shape, readiness fails while liveness holds, and the outage is logged once when it starts and
 * once when it ends. The app reaches its database through a TCP relay the test can cut.
 */

class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done) => this.server?.listen(this.port, '127.0.0.1', done));
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  /** The database "stops": open connections drop and new ones are refused. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((done) => this.server?.close(() => done()));
  }
}

let ctx: TestContext;
let relay: Relay;
let database: Database;
let app: FastifyInstance;
const log: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const options = (ctx.database.pool as unknown as { options: { connectionString: string } }).options;
  const target = new URL(options.connectionString);
  relay = new Relay({ host: target.hostname, port: Number(target.port) });
  await relay.open();
  target.host = `127.0.0.1:${relay.port}`;
  database = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
  const stream = new PassThrough();
  stream.on('data', (line: Buffer) => log.push(line.toString()));
  app = await buildApp({
    db: database.db,
    config: { ...loadConfig({}), logLevel: 'warn', webDist: undefined },
    logStream: stream,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close().catch(() => undefined);
  await relay.cut();
  await ctx.close();
});

const outageLines = () => log.filter((line) => line.includes('database'));

describe('a database outage', () => {
  it('answers 503 with Retry-After while it lasts, logs it once, and recovers', async () => {
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    await relay.cut();

    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'za.admin', password: 'x' },
        }),
      );
      answers.push(await app.inject({ url: '/api/health' }));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(errorBodySchema.parse(res.json()).code).toBe('SERVICE_UNAVAILABLE');
    }
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect(outageLines().filter((l) => l.includes('cannot be reached'))).toHaveLength(1);
    expect(log.join('')).not.toContain('"stack"');

    await relay.open();
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'za.admin', password: 'x' },
    });
    expect(login.statusCode).toBe(401);
    expect(outageLines().filter((l) => l.includes('can be reached again'))).toHaveLength(1);
  });
});
