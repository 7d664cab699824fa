import { clientAccountSchema, idParam, statementRequestSchema, statementSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import { idempotencyKeyOf } from '../messaging/idempotency.ts';
import {
  clientAccountOf,
  emailStatement,
  statementFileName,
  statementOf,
  statementPdf,
} from './statement.service.ts';

const access = SIGNED_IN;
const tags = ['statements'];
const byClient = z.strictObject({ clientId: idParam });

/** Spec section 7, "Statements" (paths not shown): the statement as data, as a PDF download, by e-mail. */
export function statementRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.post(
    '/api/statement/:clientId',
    {
      config: { access },
      schema: { tags, params: byClient, body: statementRequestSchema, response: { 200: statementSchema } },
    },
    async (request) => statementOf(scopeOf(deps, request), request.params.clientId, request.body),
  );

  r.get(
    '/api/statement/:clientId/account',
    {
      config: { access },
      schema: { tags, params: byClient, response: { 200: clientAccountSchema } },
    },
    async (request) => clientAccountOf(scopeOf(deps, request), request.params.clientId),
  );

  r.post(
    '/api/statement/:clientId/download',
    { config: { access }, schema: { tags, params: byClient, body: statementRequestSchema } },
    async (request, reply) => {
      const pdf = await statementPdf(scopeOf(deps, request), deps.pdf, request.params.clientId, request.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${statementFileName(request.params.clientId)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/statement/:clientId/email',
    {
      config: { access },
      schema: {
        tags,
        params: byClient,
        body: statementRequestSchema,
        response: { 202: z.object({ messageId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const key = idempotencyKeyOf(request);
      const scope = scopeOf(deps, request);
      const messageId = await emailStatement(scope, publisher, deps.pdf, clientId, request.body, key);
      return reply.status(202).send({ messageId });
    },
  );
}
