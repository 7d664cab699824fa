import {
  boardQuerySchema,
  boardSchema,
  clientSchema,
  consentInputSchema,
  idParam,
  opportunityDetailSchema,
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunityMoveSchema,
  opportunityPageSchema,
  opportunityPatchSchema,
  opportunitySchema,
  pipelineInputSchema,
  pipelineSchema,
  prospectSettingsInputSchema,
  prospectSettingsSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { type Access, ADMIN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { changeProspectSettings, getProspectSettings } from './advice.service.ts';
import { recordConsent } from './consent.service.ts';
import {
  changeOpportunity,
  createOpportunity,
  getBoard,
  getOpportunity,
  listOpportunityPage,
  moveOpportunity,
} from './opportunity.service.ts';
import { changePipeline, createPipeline, listPipelines } from './pipeline.service.ts';

/** Prospects is in the evolve and business menus, not the practice one: the API follows the menu rule. */
export const PROSPECTS_ACCESS: Access = { kind: 'user', area: '/commonProspects' };
/** Pipelines and stages are changed in Settings, by administrators; everyone with the area reads them. */
const ADMIN_ACCESS = ADMIN;
const access = PROSPECTS_ACCESS;

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['prospects'];

export function prospectRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/pipeline/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: z.array(pipelineSchema) } } },
    async (request) => listPipelines(companyScope(deps, request)),
  );

  r.post(
    '/api/pipeline/:companyId',
    {
      config: { access: ADMIN_ACCESS },
      schema: { tags, params: byCompany, body: pipelineInputSchema, response: { 201: pipelineSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPipeline(companyScope(deps, request), request.body)),
  );

  r.put(
    '/api/pipeline/specific/:id',
    {
      config: { access: ADMIN_ACCESS },
      schema: { tags, params: byId, body: pipelineInputSchema, response: { 200: pipelineSchema } },
    },
    async (request) => changePipeline(scopeOf(deps, request), request.params.id, request.body),
  );

  r.get(
    '/api/opportunity/board/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, querystring: boardQuerySchema, response: { 200: boardSchema } },
    },
    async (request) => getBoard(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/opportunity/lazyloading/:companyId',
    {
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: opportunityListQuerySchema,
        response: { 200: opportunityPageSchema },
      },
    },
    async (request) => listOpportunityPage(companyScope(deps, request), request.query),
  );

  r.get(
    '/api/opportunity/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: opportunityDetailSchema } } },
    async (request) => getOpportunity(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/opportunity/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: opportunityInputSchema, response: { 201: opportunitySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createOpportunity(companyScope(deps, request), request.body)),
  );

  r.patch(
    '/api/opportunity/specific/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: opportunityPatchSchema, response: { 200: opportunitySchema } },
    },
    async (request) => changeOpportunity(scopeOf(deps, request), request.params.id, request.body),
  );

  r.post(
    '/api/opportunity/move/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: opportunityMoveSchema, response: { 200: opportunitySchema } },
    },
    async (request) => moveOpportunity(scopeOf(deps, request), request.params.id, request.body),
  );

  r.put(
    '/api/prospect/consent/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: consentInputSchema, response: { 200: clientSchema } },
    },
    async (request) => recordConsent(scopeOf(deps, request), request.params.id, request.body),
  );

  r.get(
    '/api/prospect/settings/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: prospectSettingsSchema } } },
    async (request) => getProspectSettings(companyScope(deps, request)),
  );

  r.put(
    '/api/prospect/settings/:companyId',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        params: byCompany,
        body: prospectSettingsInputSchema,
        response: { 200: prospectSettingsSchema },
      },
    },
    async (request) => changeProspectSettings(companyScope(deps, request), request.body),
  );
}
