/**
 * Checks the tuned list queries against the plain definition on a seeded database: for many searches,
 * filters, sorts and pages, listClients must return the same ids in the same order and the same totals as
 * "filter, count, sort, cut" done the obvious way. No timing; exits 1 on any difference.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/client-list-check.ts [--samples N]
 */
import { type ClientListQuery, clientListQuerySchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/connect.ts';
import { withSystem, withTenant } from '../../apps/api/src/db/tenancy.ts';
import {
  companyCountry,
  listClients,
  SEARCH_COUNT_CAP,
} from '../../apps/api/src/modules/clients/client-list.queries.ts';
import { listConditions, orderBy, parseSort } from '../../apps/api/src/modules/clients/client-list.sql.ts';
import { cliFlags } from '../cli-flags.ts';
import { largestCompany } from './bench-support.ts';

const args = cliFlags('Usage: npx tsx scripts/bench/client-list-check.ts [--samples N]', {
  samples: { type: 'string', default: '40' },
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const { db } = database;

async function reference(companyId: number, q: ClientListQuery) {
  return withTenant(db, companyId, async (tx) => {
    const where = listConditions(companyId, q, await companyCountry(tx, companyId));
    const counted = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from clients where ${where}`,
    );
    const total = counted.rows[0]?.n ?? 0;
    const rows = await tx.execute<{ id: number }>(sql`select id from clients where ${where}
      order by ${orderBy(parseSort(q.sort))} limit ${q.size} offset ${(q.page - 1) * q.size}`);
    const narrowed = Boolean(q.search?.trim() || q.filters);
    return {
      ids: rows.rows.map((r) => r.id).join(','),
      totalElements: narrowed ? Math.min(total, SEARCH_COUNT_CAP) : total,
      totalExact: !narrowed || total <= SEARCH_COUNT_CAP,
    };
  });
}

try {
  const big = await largestCompany(database);
  const smallest = await withSystem(db, (tx) =>
    tx.execute<{ companyId: number }>(sql`select company_id as "companyId" from clients
      group by company_id order by count(*) asc, company_id desc limit 1`),
  );
  const small = smallest.rows[0]?.companyId ?? big.companyId;

  // Substrings of real clients' search text, plus fixed cases: short, common, rare, digits, punctuation.
  const picked = await withTenant(db, big.companyId, (tx) =>
    tx.execute<{ s: string }>(sql`select search_text as s from clients where company_id = ${big.companyId}
      and deleted_at is null order by id limit ${Number(args.samples)} offset 777`),
  );
  const searches = [
    'smith',
    'sm',
    'qx',
    'son',
    'com',
    'example',
    'a',
    'jo',
    '+27',
    '082',
    '0821',
    '083 40',
    '(084) 1',
    '27 84',
    '.com',
    'an',
    'zzzq',
    'mith',
    'th',
    '3601',
    '100%',
    'a_b',
    'van der',
    ' smith ',
  ];
  for (const [i, row] of picked.rows.entries()) {
    const len = 3 + (i % 5);
    const start = (i * 7) % Math.max(1, row.s.length - len);
    searches.push(row.s.slice(start, start + len));
  }
  const variants: Record<string, string>[] = [
    {},
    { sort: 'email:desc' },
    { page: '3', size: '20' },
    { page: '400', size: '100' },
    { filter: 'inactive' },
    { filters: JSON.stringify({ lastName: 'sm' }) },
    { sort: 'id:desc', filters: JSON.stringify({ status: 'p' }) },
  ];
  let checked = 0;
  let failed = 0;
  for (const companyId of [big.companyId, small]) {
    for (const search of [undefined, ...searches]) {
      for (const variant of variants) {
        const q = clientListQuerySchema.parse({ ...variant, ...(search === undefined ? {} : { search }) });
        const got = await withTenant(db, companyId, (tx) => listClients(tx, companyId, q));
        const want = await reference(companyId, q);
        const gotIds = got.content.map((r) => r.id).join(',');
        checked += 1;
        if (
          gotIds !== want.ids ||
          got.totalElements !== want.totalElements ||
          got.totalExact !== want.totalExact
        ) {
          failed += 1;
          console.log(`DIFFERENT company ${companyId} ${JSON.stringify(q)}`);
          console.log(`  got  ${got.totalElements} ${got.totalExact} [${gotIds}]`);
          console.log(`  want ${want.totalElements} ${want.totalExact} [${want.ids}]`);
        }
      }
    }
  }
  console.log(`${checked} list queries compared, ${failed} different.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await database.close();
}
