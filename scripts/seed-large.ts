import { defaultVatRateBps, ROLES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/api/src/auth/password.ts';
import type { Db } from '../apps/api/src/db/connect.ts';
import { companies, users } from '../apps/api/src/db/schema/index.ts';
import { type Tx, withSystem } from '../apps/api/src/db/tenancy.ts';
import { clientBatchInsert } from './seed-clients-sql.ts';

/** Every bench admin signs in with this; bench scripts import it. */
export const BENCH_PASSWORD = 'Bench!2026';
const LOCK_KEY = 727_274_002; // serialises concurrent seeders choosing company numbers

export interface BenchCompany {
  id: number;
  number: number;
  name: string;
  type: 'H' | 'F';
  country: 'ZA' | 'UK';
  clients: number;
}

export interface LoadOptions {
  clients: number;
  companies: number;
  batchSize: number;
  log: (line: string) => void;
}

/** The first company holds 20% of the clients (one big tenant, as in production); the rest share evenly. */
export function splitClients(total: number, count: number): number[] {
  if (count === 1) return [total];
  const first = Math.floor(total / 5);
  const rest = total - first;
  const each = Math.floor(rest / (count - 1));
  const extra = rest % (count - 1);
  return [first, ...Array.from({ length: count - 1 }, (_, i) => each + (i < extra ? 1 : 0))];
}

function benchCompanyRow(n: number) {
  const za = n % 2 === 1;
  const country = za ? 'ZA' : 'UK';
  // Tax registration alternates every two companies so both types get registered and unregistered ones.
  const registered = Math.ceil(n / 2) % 2 === 1;
  const digits = String(n).padStart(9, '0');
  return {
    name: `Bench Company ${n}`,
    type: za ? 'H' : 'F',
    taxRegistered: registered ? 'Y' : 'N',
    vatNumber: registered ? (za ? `4${digits}` : `GB${digits}`) : null,
    vatRateBps: defaultVatRateBps(country),
    country,
    region: country,
    currency: za ? 'ZAR' : 'GBP',
    supportEmail: 'support@practicedesk.example',
  };
}

/** Continues after the highest bench<k>.admin so a second run adds companies instead of clashing. */
async function nextBenchNumber(tx: Tx): Promise<number> {
  const result = await tx.execute<{ last: number | null }>(
    sql`select max(substring(lower(username) from '^bench([0-9]+)[.]admin$')::int) as last from users`,
  );
  return (result.rows[0]?.last ?? 0) + 1;
}

async function createCompanies(db: Db, count: number, passwordHash: string, shares: number[]) {
  return withSystem(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const start = await nextBenchNumber(tx);
    const created: BenchCompany[] = [];
    // Chunks keep each statement under PostgreSQL's 65,535 parameters.
    for (let offset = 0; offset < count; offset += 1000) {
      const numbers = Array.from({ length: Math.min(1000, count - offset) }, (_, i) => start + offset + i);
      const rows = await tx.insert(companies).values(numbers.map(benchCompanyRow)).returning();
      await tx.insert(users).values(
        rows.map((c, i) => ({
          companyId: c.id,
          username: `bench${numbers[i]}.admin`,
          email: `bench${numbers[i]}.admin@example.com`,
          displayName: `Bench Admin ${numbers[i]}`,
          passwordHash,
          roles: [c.type === 'H' ? ROLES.practice : ROLES.rise],
          rights: 'A',
        })),
      );
      for (const [i, c] of rows.entries()) {
        const number = numbers[i] ?? 0;
        const clients = shares[offset + i] ?? 0;
        created.push({
          id: c.id,
          number,
          name: c.name,
          type: c.type as 'H' | 'F',
          country: c.country as 'ZA' | 'UK',
          clients,
        });
      }
    }
    return created;
  });
}

async function insertBatch(db: Db, company: BenchCompany, from: number, to: number): Promise<void> {
  await withSystem(db, async (tx) => {
    // Synthetic data can be regenerated, so commits need not wait for the WAL flush.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(
      clientBatchInsert({
        companyId: company.id,
        companyType: company.type,
        country: company.country,
        from,
        to,
      }),
    );
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function loadClients(db: Db, list: BenchCompany[], options: LoadOptions): Promise<number> {
  const started = performance.now();
  let done = 0;
  for (const [index, company] of list.entries()) {
    for (let from = 1; from <= company.clients; from += options.batchSize) {
      const to = Math.min(company.clients, from + options.batchSize - 1);
      const batchStart = performance.now();
      await insertBatch(db, company, from, to);
      done += to - from + 1;
      const rate = ((to - from + 1) * 1000) / (performance.now() - batchStart);
      const overall = (done * 1000) / (performance.now() - started);
      options.log(
        `  company ${index + 1}/${list.length} ${company.name} (id ${company.id}): ${fmt(to)}/${fmt(company.clients)} clients, ` +
          `batch ${fmt(rate)} rows/s, total ${fmt(done)} at ${fmt(overall)} rows/s`,
      );
    }
  }
  return done;
}

/** Creates the bench companies with their admins, then their clients, batch by batch. */
export async function seedBench(db: Db, options: LoadOptions): Promise<BenchCompany[]> {
  // Hashed once, before any transaction opens: argon2 is deliberately slow.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const shares = splitClients(options.clients, options.companies);
  const list = await createCompanies(db, options.companies, passwordHash, shares);
  options.log(
    `Created ${list.length} companies, numbers ${list[0]?.number}..${list.at(-1)?.number}, one admin each.`,
  );
  await loadClients(db, list, options);
  return list;
}
