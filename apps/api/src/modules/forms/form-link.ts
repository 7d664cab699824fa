import { FORM_REQUEST_MESSAGES as RM } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { DomainError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { type FormRequestRow, findRequestByHash } from './form-request.queries.ts';

/** A link that was used, withdrawn or is past its time. */
const spent = (request: FormRequestRow) =>
  request.status === 'submitted' || request.status === 'revoked' || request.expiresAt.getTime() <= Date.now();

/** 410 saying which: used, withdrawn or expired (the client learns only what became of their own link). */
const linkGone = (request: FormRequestRow) =>
  new DomainError(
    'NOT_FOUND',
    410,
    request.status === 'submitted'
      ? RM.linkUsed
      : request.status === 'revoked'
        ? RM.linkWithdrawn
        : RM.linkExpired,
  );

/** The request, if its link can still be used (410 otherwise). */
export function stillUsable(request: FormRequestRow): FormRequestRow {
  if (spent(request)) throw linkGone(request);
  return request;
}

/**
 * The request locked for this transaction and checked again: a submission, a draft or an upload through one
 * link waits for another, so nothing is written to a link after it was used.
 */
export async function lockUsable(tx: Tx, request: FormRequestRow) {
  return stillUsable(mustExist(await findRequestByHash(tx, request.tokenHash, true), 'Form'));
}
