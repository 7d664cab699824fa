import type { StatementRequest } from '@pd/contracts';
import { apiRequest } from './client.ts';
import { fetchPdf, queuedSchema } from './invoices.ts';

/** Spec section 7, Statements: e-mailed to the client (queued, 202), or a PDF saved as `{clientId}.statement.pdf`. */
export const statementsApi = {
  email: (clientId: number, body: StatementRequest) =>
    apiRequest(`/api/statement/${clientId}/email`, queuedSchema, { method: 'POST', body }),
  download: (clientId: number, body: StatementRequest) =>
    fetchPdf(`/api/statement/${clientId}/download`, `${clientId}.statement.pdf`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
};
