import { DUPLICATE_CLIENT_MESSAGES as M } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { DomainError } from '../../lib/errors.ts';
import { type ClientValues, findClientsWithKeys } from './client.queries.ts';

interface Existing {
  id: number;
  name: string;
}

/** 409: a live client of the company has the new client's ID number or e-mail; the answer names it. */
export class DuplicateClientError extends DomainError {
  constructor(byIdNumber: Existing | undefined, byEmail: Existing | undefined) {
    const first = (byIdNumber ?? byEmail) as Existing;
    const what = byIdNumber && byIdNumber.id === byEmail?.id ? M.both : byIdNumber ? M.idNumber : M.email;
    const fields = [
      ...(byIdNumber
        ? [{ path: 'body.idNumber', message: M.field(M.idNumber, byIdNumber.name, byIdNumber.id) }]
        : []),
      ...(byEmail ? [{ path: 'body.email', message: M.field(M.email, byEmail.name, byEmail.id) }] : []),
    ];
    super('DUPLICATE_CLIENT', 409, M.duplicate(what, first.name, first.id), fields, undefined, first.id);
  }
}

/**
 * Before a new client: the live clients of the company it would repeat (same ID number or e-mail, which
 * intake matching relies on). Without the confirmation a repeat is refused (409); with it, the ids it
 * repeats are returned for the audit entry. Only the caller's company is searched (and row-level security
 * holds it there), so another company's clients are never named.
 */
export async function duplicatesOf(
  tx: Tx,
  companyId: number,
  values: ClientValues,
  confirmed: boolean,
): Promise<number[]> {
  const idNumber = values.idNumber ?? null;
  const email = values.email ?? null;
  const found = await findClientsWithKeys(tx, companyId, idNumber, email);
  if (found.length === 0) return [];
  if (!confirmed) {
    const byIdNumber = idNumber ? found.find((c) => c.idNumber === idNumber) : undefined;
    const byEmail = email ? found.find((c) => c.email?.toLowerCase() === email.toLowerCase()) : undefined;
    throw new DuplicateClientError(byIdNumber, byEmail);
  }
  return found.map((c) => c.id);
}
