import {
  idParam,
  recallInputSchema,
  recallListQuerySchema,
  recallPageSchema,
  recallSchema,
  recallSendInputSchema,
  recallSendResultSchema,
  recallTypeInputSchema,
  recallTypeSchema,
  recallTypeUpdateSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { companyFirst } from '../appointments/diary-company.ts';
import { appPublisher } from '../messaging/delivery/queue.ts';
import { cancelRecall, createRecall, listRecalls } from './recall.service.ts';
import { sendRecallNotices } from './recall-send.service.ts';
import {
  changeRecallType,
  createRecallType,
  getRecallType,
  listRecallTypes,
  removeRecallType,
} from './recall-type.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const byClient = z.strictObject({ clientId: idParam });
const tags = ['recalls'];

/** Recall types (administrators change, everyone reads), clients' recalls, the recall list and bulk send. */
export function recallRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const publisher = appPublisher(app, deps.db);

  r.get(
    '/api/recall/types/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(recallTypeSchema) } },
    },
    async (request) => listRecallTypes(companyScope(deps, request)),
  );

  r.get(
    '/api/recall/type/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: recallTypeSchema } } },
    async (request) => getRecallType(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/recall/type/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: recallTypeInputSchema, response: { 201: recallTypeSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createRecallType(companyScope(deps, request), request.body)),
  );

  r.put(
    '/api/recall/type/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: recallTypeUpdateSchema, response: { 200: recallTypeSchema } },
    },
    async (request) => changeRecallType(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/recall/type/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId, response: noContent } },
    async (request, reply) => {
      await removeRecallType(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/recall/list/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: recallListQuerySchema,
        response: { 200: recallPageSchema },
      },
    },
    async (request) => listRecalls(companyScope(deps, request), request.query),
  );

  r.post(
    '/api/recall/client/:clientId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byClient, body: recallInputSchema, response: { 201: recallSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRecall(scopeOf(deps, request), request.params.clientId, request.body)),
  );

  r.put(
    '/api/recall/:id/cancel',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: recallSchema } } },
    async (request) => cancelRecall(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/recall/send/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        body: recallSendInputSchema,
        response: { 200: recallSendResultSchema },
      },
    },
    async (request) => sendRecallNotices(companyScope(deps, request), publisher, request.body.recallIds),
  );
}
