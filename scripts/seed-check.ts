/**
 * Checks that seeded clients pass the same validation as the client form (contracts' clientProblems),
 * so benchmarks that edit seeded clients are not rejected. Run after a seed:
 *   DATABASE_URL=postgres://… npx tsx scripts/seed-check.ts [sample size, default 5000]
 */
import { type ClientInput, clientProblems } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/connect.ts';
import { withSystem } from '../apps/api/src/db/tenancy.ts';

const sample = Number(process.argv[2] ?? 5000);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const rows = await withSystem(database.db, async (tx) => {
    const result = await tx.execute<ClientInput & { id: number }>(sql`
      select id, type, name, first_name as "firstName", last_name as "lastName",
        preferred_name as "preferredName", email, mobile, id_number as "idNumber",
        to_char(dob, 'YYYY-MM-DD') as dob, gender, gender_other as "genderOther", category,
        comm_status as "commStatus", tax_registered as "taxRegistered", tax_number as "taxNumber",
        address_country as "addressCountry", address1, address2, address_region as "addressRegion",
        address_state as "addressState", address_postal_code as "addressPostalCode", status
      from clients order by random() limit ${sample}`);
    return result.rows;
  });
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const p of clientProblems(row)) {
      const key = `${p.path}: ${p.message}`;
      if (!counts.has(key)) console.log(`  e.g. client ${row.id}: ${key}`);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  console.log(`Checked ${rows.length} clients; ${counts.size === 0 ? 'all valid' : 'problems:'}`);
  for (const [key, n] of counts) console.log(`  ${n} × ${key}`);
  process.exitCode = counts.size === 0 ? 0 : 1;
} finally {
  await database.close();
}
