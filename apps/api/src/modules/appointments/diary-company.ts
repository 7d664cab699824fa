import { timeZoneFor, todayIn, wallClockStringOf, wallClockStringToInstant } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { assertOwnCompany } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { findCompany } from '../companies/company.queries.ts';

/** What the diary needs of the company: its time zone (spec section 9), holiday calendar and today. */
export interface DiaryCompany {
  id: number;
  type: 'H' | 'F';
  /** ZA: South Africa; any other: England and Wales. */
  holidayCalendar: 'ZA' | 'UK';
  timeZone: string;
  today: string;
}

export async function diaryCompany(tx: Tx, companyId: number): Promise<DiaryCompany> {
  const company = mustExist(await findCompany(tx, companyId), 'Company');
  const timeZone = timeZoneFor(company.region);
  return {
    id: company.id,
    type: company.type === 'F' ? 'F' : 'H',
    holidayCalendar: company.country === 'ZA' ? 'ZA' : 'UK',
    timeZone,
    today: todayIn(timeZone),
  };
}

/** A 400 naming one field, in the error shape every form maps onto its fields. */
export const invalidField = (path: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path, message }]);

/** A company wall-clock input as its instant; a time the clocks skip (London, spring forward) is a 400. */
export function instantOrInvalid(wallClock: string, timeZone: string, path: string): Date {
  const instant = wallClockStringToInstant(wallClock, timeZone);
  if (!instant)
    throw invalidField(
      path,
      `${wallClock.replace('T', ' ')} does not exist in ${timeZone}: the clocks go forward then.`,
    );
  return instant;
}

export const localOf = (instant: Date, timeZone: string) => wallClockStringOf(instant, timeZone);

/** The range literal PostgreSQL reads as a tstzrange: half-open, in UTC. */
export const rangeLiteral = (start: Date, end: Date) => `[${start.toISOString()},${end.toISOString()})`;

export const MINUTE = 60_000;

/**
 * An instant read from SQL as epoch milliseconds (drizzle hands timestamps over as text): exact, cheap to
 * read, and the same on both engines.
 */
export const epochMs = (expr: SQL) => sql`(extract(epoch from ${expr}) * 1000)::float8`;
export const instantColumn = z.number().transform((ms) => new Date(ms));

/**
 * A route hook that checks the path's company before the query string is validated, so another company's id
 * answers 404 whatever the query says (the route-table test probes without one).
 */
export const companyFirst = {
  onRequest: async (request: FastifyRequest) => {
    const { companyId } = request.params as { companyId?: string };
    assertOwnCompany(request, Number(companyId));
  },
};
