import {
  idParam,
  noteTemplateInputSchema,
  noteTemplateSchema,
  noteTemplateUpdateSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changeTemplate, createTemplate, listTemplates, removeTemplate } from './note-template.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['note templates'];

/** Staff read the company's note templates; changing them needs rights A. */
export function noteTemplateRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/notetemplate/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(noteTemplateSchema) } },
    },
    async (request) => {
      return listTemplates(companyScope(deps, request));
    },
  );

  r.post(
    '/api/notetemplate/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        body: noteTemplateInputSchema,
        response: { 201: noteTemplateSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createTemplate(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/notetemplate/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: noteTemplateUpdateSchema, response: { 200: noteTemplateSchema } },
    },
    async (request) => changeTemplate(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/notetemplate/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeTemplate(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
