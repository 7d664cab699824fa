import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { MoveRefused, moveDatabase } from './db/move.ts';

/**
 * npm run db:move -- --to postgres://user@host:5432/practicedesk [--from ./data]
 * Copies the embedded database into an empty PostgreSQL server and prints the DATABASE_URL line to use.
 * Stop the app first: the embedded database is one process's own.
 */
const USAGE = 'Usage: npm run db:move -- --to postgres://user@host:5432/database [--from ./data]';
const { values } = parseArgs({
  options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', default: false } },
  allowPositionals: false,
});
if (values.help || !values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const dataDir = resolve(values.from ?? loadConfig().dataDir);
const started = Date.now();
console.log(`Moving the embedded database in ${dataDir} to ${new URL(values.to).host}...`);
const source = await openDatabase({ dataDir });
try {
  const tables = await moveDatabase(source, values.to, (line) => console.log(line));
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${tables.length} tables, ${rows.toLocaleString('en')} rows, ` +
      'every row count and checksum the same on both sides.',
  );
  console.log(
    'Start the app with this setting from now on (and keep ./data as a backup until you are sure):',
  );
  console.log(`DATABASE_URL=${values.to}`);
} catch (error) {
  console.error(
    error instanceof MoveRefused ? error.message : `The move failed: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await source.close();
}
