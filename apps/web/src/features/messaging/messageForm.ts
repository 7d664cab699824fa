import { ApiError } from '../../api/client.ts';
import { useIdempotentSend } from '../../api/messaging.ts';

/**
 * The server's own words for a refusal that names no field (daily limit, credit too low, server
 * unreachable); null for a crash, which the spec's failure message covers.
 */
export function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.fields.length > 0) return null;
  return error.code === 'BAD_RESPONSE' || error.code === 'INTERNAL' ? null : error.message;
}

/**
 * A send (e-mail, SMS) that is safe to repeat: the same request body carries the same Idempotency-Key,
 * so a retry after a lost answer never sends or charges twice.
 */
export function useIdempotentSave<Body>(send: (body: Body, key: string) => Promise<unknown>) {
  const idempotent = useIdempotentSend();
  return (body: Body) => idempotent(JSON.stringify(body), (key) => send(body, key));
}

/**
 * A send's failure toast: the spec's catalogue text, except for a refusal that trying again cannot mend
 * (POPIA section 69, issue 17), which is told in the server's words.
 */
export const sendFailure = (text: string) => (error: unknown) =>
  error instanceof ApiError && error.code === 'NO_CONSENT' ? error.message : text;
