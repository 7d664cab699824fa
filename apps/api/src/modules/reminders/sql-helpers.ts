import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/** An instant read as epoch milliseconds (drizzle hands timestamps over as text): exact on both engines. */
export const epochMs = (expr: SQL) => sql`(extract(epoch from ${expr}) * 1000)::float8`;
export const instant = z.number().transform((ms) => new Date(ms));

/** An instant as Date.toISOString writes it, and as the company's wall clock (YYYY-MM-DDTHH:mm). */
export const isoOf = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const wallClockOf = (expr: SQL, timeZone: string) =>
  sql`to_char(${expr} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;

/** A list as one array parameter (one statement for any number of rows). */
export const ids = (list: readonly number[]) => sql`${sql.param(list)}::bigint[]`;
