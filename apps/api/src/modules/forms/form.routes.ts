import {
  formCreateSchema,
  formDetailSchema,
  formDraftSchema,
  formSummarySchema,
  formTemplateSchema,
  formVersionSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import {
  createForm,
  discardFormDraft,
  getForm,
  getFormVersion,
  listForms,
  publishForm,
  saveFormDraft,
} from './form.service.ts';
import { formTemplates } from './form-templates.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['forms'];

/** Issue 18, parts 1 and 2: form definitions (Settings → Forms). Administrators change; everyone reads. */
export function formRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/form/templates/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(formTemplateSchema) } },
    },
    async (request) => {
      companyScope(deps, request);
      return formTemplates();
    },
  );

  r.get(
    '/api/form/all/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(formSummarySchema) } },
    },
    async (request) => listForms(companyScope(deps, request)),
  );

  r.get(
    '/api/form/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: formDetailSchema } } },
    async (request) => getForm(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/form/version/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: formVersionSchema } } },
    async (request) => getFormVersion(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/form/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: formCreateSchema, response: { 201: formDetailSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createForm(companyScope(deps, request), request.body)),
  );

  r.put(
    '/api/form/draft/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: formDraftSchema, response: { 200: formDetailSchema } },
    },
    async (request) => saveFormDraft(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/form/draft/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId, response: { 204: z.null() } } },
    async (request, reply) => {
      await discardFormDraft(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/form/publish/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId, response: { 200: formDetailSchema } } },
    async (request) => publishForm(scopeOf(deps, request), request.params.id),
  );
}
