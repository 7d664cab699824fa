import { IDEMPOTENCY_HEADER, type StatementRequest } from '@pd/contracts';
import { apiRequest } from './client.ts';
import { fetchPdf, queuedSchema } from './invoices.ts';

/** Spec section 7, Statements: e-mailed to the client (queued, 202), or a PDF saved as `{clientId}.statement.pdf`. */
export const statementsApi = {
  /** `key`: the submission's Idempotency-Key, so a repeat queues the e-mail once. */
  email: (clientId: number, body: StatementRequest, key: string) =>
    apiRequest(`/api/statement/${clientId}/email`, queuedSchema, {
      method: 'POST',
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  download: (clientId: number, body: StatementRequest) =>
    fetchPdf(`/api/statement/${clientId}/download`, `${clientId}.statement.pdf`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
};
