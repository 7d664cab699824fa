import {
  formRequestCreatedSchema,
  formRequestCreateSchema,
  formRequestSchema,
  formSubmissionSchema,
  formSubmitSchema,
  formSubmittedSchema,
  idParam,
  publicFormSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import {
  createFormRequest,
  getFormSubmission,
  listFormRequests,
  openPublicForm,
  revokeFormRequest,
  submitPublicForm,
} from './form-request.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
export const byToken = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const listQuery = z.strictObject({ clientId: idParam.optional() });
const tags = ['forms'];
/** The public routes, per address: a person filling in a form needs a handful; guessing links needs millions. */
export const publicLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Issue 18, parts 3 and 5: sending forms to clients (any signed-in user) and the public fill routes. */
export function formRequestRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.post(
    '/api/form/request/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        body: formRequestCreateSchema,
        response: { 201: formRequestCreatedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createFormRequest(
            companyScope(deps, request),
            publisher,
            request.body,
            `${request.protocol}://${request.host}`,
          ),
        ),
  );

  r.get(
    '/api/form/requests/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: listQuery,
        response: { 200: z.array(formRequestSchema) },
      },
    },
    async (request) => listFormRequests(companyScope(deps, request), request.query.clientId),
  );

  r.delete(
    '/api/form/request/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: noContent } },
    async (request, reply) => {
      await revokeFormRequest(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/form/submission/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byId, response: { 200: formSubmissionSchema } },
    },
    async (request) => getFormSubmission(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/public/form/:token',
    {
      config: { access: PUBLIC, ...publicLimit },
      schema: { tags, params: byToken, response: { 200: publicFormSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPublicForm(deps.db, request.params.token);
    },
  );

  r.post(
    '/api/public/form/:token',
    {
      config: { access: PUBLIC, ...publicLimit },
      schema: { tags, params: byToken, body: formSubmitSchema, response: { 201: formSubmittedSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await submitPublicForm(deps.db, request.params.token, request.body, {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        }),
      ),
  );
}
