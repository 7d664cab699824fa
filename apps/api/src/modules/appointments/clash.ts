import type { Clash } from '@pd/contracts';
import { APPOINTMENT_MESSAGES } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { DomainError } from '../../lib/errors.ts';

const sqlState = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
};
/** exclusion_violation: the database refused an overlap. */
export const isExclusionViolation = (error: unknown) => sqlState(error) === '23P01';
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
/**
 * deadlock_detected: two bookings inserted overlapping rows at the same moment and each waited for the
 * other (PostgreSQL checks exclusion constraints after inserting into the index, so this can happen).
 */
export const isDeadlock = (error: unknown) => sqlState(error) === '40P01';
/** Deadlocked writes are tried again this many times; by then the other booking has committed. */
const DEADLOCK_ATTEMPTS = 5;

const time = (local: string) => local.replace('T', ' ');
const until = (c: Clash) =>
  c.endLocal.slice(0, 10) === c.startLocal.slice(0, 10) ? c.endLocal.slice(11) : time(c.endLocal);

/** One clash in words: the other appointment's id, time and client initials; nothing about health. */
export const describeClash = (c: Clash) =>
  `Clashes with appointment ${c.appointmentId} (${time(c.startLocal)}–${until(c)}, ${c.clientInitials}${c.resource === 'room' ? ', same room' : ''}).`;

/** 409 naming each clash on the field (or series occurrence) it concerns. */
export class ClashError extends DomainError {
  constructor(fields: { path: string; message: string }[]) {
    super('CONFLICT', 409, APPOINTMENT_MESSAGES.clash, fields);
  }
}

export const clashOnField = (clashes: Clash[], path = 'body.start') =>
  new ClashError(clashes.map((c) => ({ path, message: describeClash(c) })));

/**
 * Runs a write in a savepoint; an overlap the exclusion constraints refuse becomes onClash's answer. A
 * deadlock with a concurrent booking rolls back only the savepoint and the write is tried again: it then
 * waits for the other booking to commit and meets the exclusion constraint like any later booking.
 */
export async function withoutOverlap<T>(
  tx: Tx,
  write: (tx: Tx) => Promise<T>,
  onClash: () => Promise<never>,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction(write);
    } catch (error) {
      if (isExclusionViolation(error)) return onClash();
      if (isDeadlock(error) && attempt < DEADLOCK_ATTEMPTS) continue;
      throw error;
    }
  }
}
