import { ICD10_SEARCH_LIMIT, type Icd10Code, icd10CodeSchema, type Provider } from '@pd/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { icd10Codes, providers } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { containsPattern } from '../../lib/text-search.ts';
import { ICD10_DEMO } from './icd10-demo.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ICD10_COLUMNS = sql`code, description, valid_primary as "validPrimary", valid_asterisk as "validAsterisk",
  valid_dagger as "validDagger"`;

/** Codes starting with the text, then descriptions containing it; codes first, 20 at most. */
export function searchIcd10(tx: Tx, text: string): Promise<Icd10Code[]> {
  const q = escapeLike(text.trim());
  const codeStarts = `${q.toUpperCase()}%`;
  return selectRows(
    tx,
    icd10CodeSchema,
    sql`select ${ICD10_COLUMNS} from icd10_codes
         where code like ${codeStarts} or lower(description) like ${`%${q.toLowerCase()}%`}
         order by (code like ${codeStarts}) desc, code
         limit ${ICD10_SEARCH_LIMIT}`,
  );
}

/** Shared reference data (not a tenant table): the codes among these that exist. */
export async function findIcd10(tx: Tx, codes: string[]): Promise<Map<string, Icd10Code>> {
  if (codes.length === 0) return new Map();
  const rows = await selectRows(
    tx,
    icd10CodeSchema,
    sql`select ${ICD10_COLUMNS} from icd10_codes where code = any(${sql.param(codes)}::text[])`,
  );
  return new Map(rows.map((r) => [r.code, r]));
}

export function searchProviders(tx: Tx, companyId: number, text: string): Promise<Provider[]> {
  return tx
    .select({
      id: providers.id,
      name: providers.name,
      practiceNumber: providers.practiceNumber,
      kind: providers.kind,
    })
    .from(providers)
    .where(
      and(
        eq(providers.companyId, companyId),
        eq(providers.active, true),
        sql`lower(${providers.name}) like ${containsPattern(text)}`,
      ),
    )
    .orderBy(asc(providers.name))
    .limit(20);
}

export async function findProvider(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(and(eq(providers.companyId, companyId), eq(providers.id, id)));
  return row;
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
