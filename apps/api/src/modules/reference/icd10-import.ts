import { sql } from 'drizzle-orm';
import { icd10Codes } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { csvRecords } from '../../lib/csv-parse.ts';

const REQUIRED = ['ICD10_Code', 'WHO_Full_Desc'] as const;
const yes = (v: string | undefined) => /^(y|yes|1|true)$/i.test(v ?? '');

export type Icd10Row = typeof icd10Codes.$inferInsert;

/**
 * Reads a South African ICD-10 Master Industry Table export (CSV with a header row). Columns used:
 * ICD10_Code, WHO_Full_Desc, Valid_ICD10_Primary, Valid_ICD10_Asterisk, Valid_ICD10_Dagger, Age_Range, Gender.
 */
export function readMasterIndustryTable(text: string): Icd10Row[] {
  const records = csvRecords(text);
  const first = records[0];
  if (!first) throw new Error('The file has no rows.');
  const missing = REQUIRED.filter((c) => !(c in first));
  if (missing.length > 0) throw new Error(`The file lacks the column(s) ${missing.join(', ')}.`);
  return records
    .filter((r) => r.ICD10_Code)
    .map((r) => ({
      code: (r.ICD10_Code ?? '').toUpperCase().slice(0, 10),
      description: r.WHO_Full_Desc ?? '',
      validPrimary: 'Valid_ICD10_Primary' in r ? yes(r.Valid_ICD10_Primary) : true,
      validAsterisk: yes(r.Valid_ICD10_Asterisk),
      validDagger: yes(r.Valid_ICD10_Dagger),
      ageRange: r.Age_Range || null,
      gender: r.Gender || null,
    }));
}

/** Inserts or updates every code, in batches, in the caller's (system) transaction. */
export async function upsertIcd10(tx: Tx, rows: Icd10Row[]): Promise<number> {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(icd10Codes)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: icd10Codes.code,
        set: {
          description: sql`excluded.description`,
          validPrimary: sql`excluded.valid_primary`,
          validAsterisk: sql`excluded.valid_asterisk`,
          validDagger: sql`excluded.valid_dagger`,
          ageRange: sql`excluded.age_range`,
          gender: sql`excluded.gender`,
        },
      });
  }
  return rows.length;
}
