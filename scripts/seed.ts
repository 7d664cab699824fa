/**
 * npm run seed                                  migrations + demo data when the database is empty
 * npm run seed -- --clients N [--companies M]   adds M bench companies holding N synthetic clients
 * Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/connect.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../apps/api/src/seed/demo-data.ts';
import { BENCH_PASSWORD, type BenchCompany, seedBench } from './seed-large.ts';

const USAGE = `Usage: npm run seed [-- --clients N [--companies M] [--batch-size B]]

Without options: applies migrations and creates the demo data when the database is empty.
  --clients N      synthetic clients to add in total (positive integer)
  --companies M    bench companies to add, default 1; the first holds 20% of the clients
  --batch-size B   rows per INSERT statement, default 50000
  --help           show this text
Database: DATABASE_URL if set, otherwise the embedded engine in DATA_DIR (default ./data).`;

class UsageError extends Error {}

interface Args {
  clients?: number;
  companies: number;
  batchSize: number;
}

function positiveInteger(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--${name} must be a positive integer, got '${value}'`);
  }
  return n;
}

/** Returns undefined when --help was asked for. */
function parse(argv: string[]): Args | undefined {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        clients: { type: 'string' },
        companies: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return undefined;
  const str = (key: string) => values[key] as string | undefined;
  const clients = positiveInteger('clients', str('clients'));
  if (clients === undefined && (values.companies !== undefined || values['batch-size'] !== undefined)) {
    throw new UsageError('--clients N is required with --companies or --batch-size');
  }
  return {
    clients,
    companies: positiveInteger('companies', str('companies'), 1) ?? 1,
    batchSize: positiveInteger('batch-size', str('batch-size'), 50_000) ?? 50_000,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function seedDemo(database: Database) {
  const created = await seedDemoIfEmpty(database.db);
  if (!created) {
    console.log('The database already has companies: demo data not created.');
    return;
  }
  console.log(`Demo data created. Sign-ins (password for all: ${DEMO_PASSWORD}):`);
  for (const company of DEMO_COMPANIES) {
    console.log(`  ${company.name}: ${company.users.map((u) => u.username).join(', ')}`);
  }
}

async function seedLarge(database: Database, args: Args & { clients: number }): Promise<number> {
  const loadStart = performance.now();
  const list = await seedBench(database.db, { ...args, log: (line) => console.log(line) });
  const loadMs = performance.now() - loadStart;
  const analyzeStart = performance.now();
  // Fresh statistics so the planner sees the new row counts. ANALYZE needs the owner, not pd_system,
  // and reads no tenant rows through a policy, so it runs on the plain connection.
  await database.pool.query('analyze companies, users, clients');
  console.log(`ANALYZE took ${seconds(performance.now() - analyzeStart)}.`);
  const companiesWord = list.length === 1 ? 'company' : 'companies';
  console.log(
    `Loaded ${fmt(args.clients)} clients into ${list.length} ${companiesWord} in ${seconds(loadMs)} ` +
      `(${fmt((args.clients * 1000) / loadMs)} rows/s).`,
  );
  printLogins(list);
  return args.clients;
}

function printLogins(list: BenchCompany[]) {
  console.log(`Bench sign-ins (password for all: ${BENCH_PASSWORD}, rights A):`);
  const shown = list.length <= 6 ? list : [...list.slice(0, 3), ...list.slice(-2)];
  for (const [i, c] of shown.entries()) {
    if (list.length > 6 && i === 3) console.log('  …');
    console.log(`  bench${c.number}.admin  ${c.name} (${c.type}, ${c.country}): ${fmt(c.clients)} clients`);
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  let args: Args | undefined;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`seed: ${error.message}\nRun 'npm run seed -- --help' for usage.`);
    return 1;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let rows = 0;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where =
      database.engine === 'embedded'
        ? `embedded database in ${resolve(config.dataDir)}`
        : 'PostgreSQL server';
    console.log(`Seeding the ${where} (opened in ${seconds(performance.now() - started)}).`);
    const migrateStart = performance.now();
    await runMigrations(database.pool);
    console.log(`Migrations applied in ${seconds(performance.now() - migrateStart)}.`);
    const { clients } = args;
    if (clients === undefined) await seedDemo(database);
    else rows = await seedLarge(database, { ...args, clients });
  } finally {
    await database.close();
  }
  const totalMs = performance.now() - started;
  // The overall rate includes start-up, migrations, password hashing and ANALYZE.
  const rate = rows > 0 ? ` (${fmt((rows * 1000) / totalMs)} rows/s overall)` : '';
  console.log(`Done in ${seconds(totalMs)}${rate}.`);
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  return 1;
});
