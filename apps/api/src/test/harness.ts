import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/connect.ts';
import { runMigrations } from '../db/migrate.ts';
import { withSystem } from '../db/tenancy.ts';
import type { PdfRenderer } from '../lib/pdf/pdf-pool.ts';
import { loadIcd10DemoIfEmpty } from '../modules/reference/reference.queries.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { checkResponsesAgainstDocument } from './response-contract.ts';

/** PD_TEST_ENGINE=postgres runs against TEST_DATABASE_URL (a scratch database per test file). */
export const TEST_ENGINE = process.env.PD_TEST_ENGINE === 'postgres' ? 'postgres' : 'embedded';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createScratchDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('PD_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `pd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv; pdf?: PdfRenderer } = {},
): Promise<TestContext> {
  const scratch = TEST_ENGINE === 'postgres' ? await createScratchDatabase() : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
  await runMigrations(database.pool);
  await withSystem(database.db, loadIcd10DemoIfEmpty);
  if (options.seed !== false) await seedDemoIfEmpty(database.db);
  const config = { ...loadConfig(options.env ?? {}), logLevel: 'silent' as const, webDist: undefined };
  const app = await buildApp({ db: database.db, config, logger: false, pdf: options.pdf });
  // Every answer a test receives is checked against the OpenAPI document; drift fails the file on close.
  const contract = process.env.PD_CHECK_RESPONSES === 'off' ? undefined : checkResponsesAgainstDocument(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      if (contract && process.env.PD_CHECK_RESPONSES === 'report') {
        console.info(`response check: ${contract.checked} answers, ${contract.spentMs.toFixed(0)} ms`);
      }
      const drift = [...new Set(contract?.drift)];
      if (drift.length > 0) {
        throw new Error(`Answers differ from the OpenAPI document:\n${drift.slice(0, 40).join('\n')}`);
      }
    },
  };
}

export const CSRF = { 'x-requested-with': 'PracticeDesk' };

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    token: body.token as string,
    user: body.user as { id: number; companyId: number },
    bearer: { authorization: `Bearer ${body.token}` },
  };
}

/** A TCP port free on loopback now (for a child process to listen on). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
