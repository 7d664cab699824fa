import { ICD10_SEARCH_LIMIT, type Icd10Code } from '@pd/contracts';
import { count, sql } from 'drizzle-orm';
import { icd10Codes, providers } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ICD10_DEMO } from './icd10-demo.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Codes starting with the text, then descriptions containing it; codes first, 20 at most. */
export async function searchIcd10(tx: Tx, text: string): Promise<Icd10Code[]> {
  const q = escapeLike(text.trim());
  const { rows } = await tx.execute<Icd10Code>(sql`
    select code, description, valid_primary as "validPrimary", valid_asterisk as "validAsterisk",
           valid_dagger as "validDagger"
      from icd10_codes
     where code like ${`${q.toUpperCase()}%`} or lower(description) like ${`%${q.toLowerCase()}%`}
     order by (code like ${`${q.toUpperCase()}%`}) desc, code
     limit ${ICD10_SEARCH_LIMIT}`);
  return rows;
}

export async function findIcd10(tx: Tx, codes: string[]): Promise<Map<string, Icd10Code>> {
  if (codes.length === 0) return new Map();
  const { rows } = await tx.execute<Icd10Code>(sql`
    select code, description, valid_primary as "validPrimary", valid_asterisk as "validAsterisk",
           valid_dagger as "validDagger"
      from icd10_codes where code = any(${sql.param(codes)}::text[])`);
  return new Map(rows.map((r) => [r.code, r]));
}

export async function searchProviders(tx: Tx, companyId: number, text: string) {
  const q = `%${escapeLike(text.trim().toLowerCase())}%`;
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    practiceNumber: string | null;
    kind: string | null;
  }>(sql`
    select id, name, practice_number as "practiceNumber", kind from providers
     where company_id = ${companyId} and active and lower(name) like ${q}
     order by name limit 20`);
  return rows;
}

export async function findProvider(tx: Tx, id: number) {
  const { rows } = await tx.execute<{ id: number; name: string }>(
    sql`select id, name from providers where id = ${id}`,
  );
  return rows[0];
}

/** System transaction: reference data shared by every company. */
export async function loadIcd10DemoIfEmpty(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(icd10Codes);
  if ((row?.n ?? 0) > 0) return false;
  await tx.insert(icd10Codes).values(
    ICD10_DEMO.map(([code, description, validPrimary, validAsterisk, validDagger]) => ({
      code,
      description,
      validPrimary,
      validAsterisk,
      validDagger,
    })),
  );
  return true;
}

export const DEMO_PROVIDERS: Record<'ZA' | 'UK', [string, string][]> = {
  ZA: [
    ['Discovery Health Medical Scheme', 'Medical scheme'],
    ['Bonitas Medical Fund', 'Medical scheme'],
    ['Momentum Health', 'Medical scheme'],
    ['Government Employees Medical Scheme (GEMS)', 'Medical scheme'],
    ['Medshield Medical Scheme', 'Medical scheme'],
    ['Fedhealth Medical Scheme', 'Medical scheme'],
    ['Road Accident Fund', 'Statutory fund'],
  ],
  UK: [
    ['Bupa', 'Private medical insurer'],
    ['AXA Health', 'Private medical insurer'],
    ['Vitality Health', 'Private medical insurer'],
    ['Aviva Health', 'Private medical insurer'],
  ],
};

export async function insertDemoProviders(tx: Tx, companyId: number, country: 'ZA' | 'UK') {
  await tx
    .insert(providers)
    .values(DEMO_PROVIDERS[country].map(([name, kind]) => ({ companyId, name, kind })));
}
