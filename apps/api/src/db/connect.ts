import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The app's database: Drizzle over a node-postgres pool ($client), on either engine. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Engine = 'embedded' | 'postgres';

export interface Database {
  engine: Engine;
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// bigint and numeric come back as JS numbers: ids and cents stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Databases whose connections share one backend (PGlite through pglite-socket). Its queue keeps a
 * connection's messages together only inside a transaction: outside one, the Parse/Bind/Execute of two
 * connections can interleave, so every statement there must run in a transaction.
 */
const sharedBackends = new WeakSet<Db>();
export const needsTransactionPerStatement = (db: Db) => sharedBackends.has(db);

export interface OpenOptions {
  /** postgres://… selects a PostgreSQL server; otherwise the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Embedded data directory, or 'memory://' for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, admin termination) must not take the process down;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A connection lost while checked out has no pool listener: the query in flight gets the error, and this
    // keeps the same event from becoming an uncaught exception that ends the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { engine: 'postgres', pool, db: drizzle(pool, { schema }), close: () => pool.end() };
  }
  return openEmbedded(options.dataDir ?? './data', options.poolSize ?? 4);
}

/**
 * PGlite is one single-user PostgreSQL; pglite-socket serves it over the wire protocol so the app
 * talks node-postgres on both engines. Its connections' transactions queue behind each other, so
 * code holding a transaction must never wait on a second connection.
 */
async function openEmbedded(dataDir: string, poolSize: number): Promise<Database> {
  // Loaded only for this engine: PGlite is about 25 MB resident that a server-backed process does not need.
  const [{ PGlite }, { pg_trgm }, { btree_gist }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite-socket'),
  ]);
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: inMemory ? undefined : resolve(dataDir),
    extensions: { pg_trgm, btree_gist },
    // Measured: without a small WAL cap a 1M-row load leaves about 1.1 GB of WAL behind.
    postgresqlconf: ['max_wal_size = 64MB', 'min_wal_size = 32MB'],
  });
  // The server counts a closed connection out only after a tick: room for as many again, so a connection
  // replacing one the pool just closed is never refused as "Too many connections" (which reads as an outage).
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: poolSize * 2,
  });
  await server.start();
  const address = server.getServerConn();
  const pool = new pg.Pool({
    connectionString: `postgres://postgres@${address}/postgres`,
    max: poolSize,
    // In-process connections cost nothing idle: keep them rather than close and reopen them every 10 s.
    idleTimeoutMillis: 0,
    ssl: false,
  });
  const db = drizzle(pool, { schema });
  sharedBackends.add(db);
  return {
    engine: 'embedded',
    pool,
    db,
    async close() {
      await pool.end();
      await server.stop();
      await pglite.close();
    },
  };
}
