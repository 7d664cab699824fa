import { IDEMPOTENCY_HEADER } from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../lib/errors.ts';

const KEY = /^[\x21-\x7e]{1,80}$/;

/** The optional Idempotency-Key header: 1 to 80 visible ASCII characters, unique per company and kind. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw new ValidationError('Some fields are not valid.', [
      { path: `headers.${IDEMPOTENCY_HEADER}`, message: 'Use 1 to 80 visible ASCII characters.' },
    ]);
  }
  return value;
}
