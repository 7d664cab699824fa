// npm run icd10:import -- FILE: loads a practice's South African ICD-10 Master Industry Table (CSV).
import { readFileSync } from 'node:fs';
import { openDatabase } from '../apps/api/src/db/connect.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { withSystem } from '../apps/api/src/db/tenancy.ts';
import { readMasterIndustryTable, upsertIcd10 } from '../apps/api/src/modules/reference/icd10-import.ts';

const file = process.argv[2];
if (!file || file === '--help') {
  console.error('Usage: npm run icd10:import -- FILE.csv   (DATABASE_URL or DATA_DIR select the database)');
  process.exit(file ? 0 : 1);
}
let rows: ReturnType<typeof readMasterIndustryTable>;
try {
  rows = readMasterIndustryTable(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`Cannot import ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
try {
  await runMigrations(database.pool);
  const started = Date.now();
  const n = await withSystem(database.db, (tx) => upsertIcd10(tx, rows));
  console.log(`Imported ${n} ICD-10 codes from ${file} in ${Date.now() - started} ms.`);
} finally {
  await database.close();
}
