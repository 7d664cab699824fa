import {
  callerLookupQuerySchema,
  callerLookupSchema,
  callInputSchema,
  callListQuerySchema,
  callPageSchema,
  callSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { createCall, getCall, listCallbackQueue, listCallPage, lookupCaller } from './call.service.ts';

/** Phone Calls is in every menu (practice, evolve and business): every signed-in user of the company. */
const access = SIGNED_IN;

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['calls'];

export function callRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/call/lazyloading/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: callListQuerySchema,
        response: { 200: callPageSchema },
      },
    },
    async (request) => listCallPage(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/call/callbacks/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: z.array(callSchema) } } },
    async (request) => listCallbackQueue(companyScope(deps, request)),
  );

  r.get(
    '/api/call/lookup/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: callerLookupQuerySchema,
        response: { 200: callerLookupSchema },
      },
    },
    async (request) => lookupCaller(companyScope(deps, request), request.query.number),
  );

  r.get(
    '/api/call/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: callSchema } } },
    async (request) => getCall(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/call/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: callInputSchema, response: { 201: callSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCall(companyScope(deps, request), request.body)),
  );
}
