import {
  formAcceptSchema,
  formRequestCreatedSchema,
  formRequestListQuerySchema,
  formRequestPageSchema,
  formResendSchema,
  formReviewSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import { listFormRequestPage, resendFormRequest } from './form-request.service.ts';
import { acceptFormSubmission, formSubmissionPdf, getFormReview } from './form-review.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['forms'];

/** Issue 18, parts 5 to 7: the Forms page's list and resend, the review and acceptance, the submission's PDF. */
export function formReviewRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.get(
    '/api/form/request/lazyloading/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: formRequestListQuerySchema,
        response: { 200: formRequestPageSchema },
      },
    },
    async (request) => listFormRequestPage(companyScope(deps, request), request.query),
  );

  r.post(
    '/api/form/request/:id/resend',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: formResendSchema, response: { 201: formRequestCreatedSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await resendFormRequest(
            scopeOf(deps, request),
            publisher,
            request.params.id,
            request.body.channel,
            `${request.protocol}://${request.host}`,
          ),
        ),
  );

  r.get(
    '/api/form/review/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: formReviewSchema } } },
    async (request) => getFormReview(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/form/review/:id/accept',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, body: formAcceptSchema, response: { 200: formReviewSchema } },
    },
    async (request) => acceptFormSubmission(scopeOf(deps, request), request.params.id, request.body),
  );

  r.get(
    '/api/form/submission/:id/pdf',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId } },
    async (request, reply) => {
      const { fileName, pdf } = await formSubmissionPdf(scopeOf(deps, request), deps.pdf, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
