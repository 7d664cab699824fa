import { idParam, statementRequestSchema, statementSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { billingCompany } from '../invoices/invoice-context.ts';
import { appPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { buildStatement, emailStatement, statementFileName } from './statement.service.ts';
import { renderStatementPdf } from './statement-pdf.ts';

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
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        const company = await billingCompany(tx, principalOf(request).companyId);
        return (await buildStatement(tx, company, request.params.clientId, request.body)).statement;
      }),
  );

  r.post(
    '/api/statement/:clientId/download',
    { config: { access }, schema: { tags, params: byClient, body: statementRequestSchema } },
    async (request, reply) => {
      const pdf = await tenantTx(deps, request, async (tx) => {
        const company = await billingCompany(tx, principalOf(request).companyId);
        const { statement, client } = await buildStatement(
          tx,
          company,
          request.params.clientId,
          request.body,
        );
        return renderStatementPdf(company, client, statement);
      });
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
      const messageId = await tenantTx(deps, request, async (tx) => {
        const principal = principalOf(request);
        const company = await billingCompany(tx, principal.companyId);
        return emailStatement(tx, principal, company, request.params.clientId, request.body);
      });
      await publisher.enqueue([messageId], PRIORITY.single);
      return reply.status(202).send({ messageId });
    },
  );
}
