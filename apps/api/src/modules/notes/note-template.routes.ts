import { idParam, noteTemplateInputSchema, noteTemplateSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { listNoteTemplates } from './note-template.queries.ts';
import { changeTemplate, createTemplate, removeTemplate } from './note-template.service.ts';
import { rememberSentKeys, sentFields } from './sent-keys.ts';

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
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => listNoteTemplates(tx, request.params.companyId));
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
      assertOwnCompany(request, request.params.companyId);
      const template = await tenantTx(deps, request, (tx) =>
        createTemplate(tx, principalOf(request), request.body),
      );
      return reply.status(201).send(template);
    },
  );

  r.put(
    '/api/notetemplate/:id',
    {
      config: { access: ADMIN },
      preValidation: rememberSentKeys,
      schema: { tags, params: byId, body: noteTemplateInputSchema, response: { 200: noteTemplateSchema } },
    },
    async (request) =>
      tenantTx(deps, request, (tx) =>
        changeTemplate(tx, principalOf(request), request.params.id, sentFields(request, request.body)),
      ),
  );

  r.delete(
    '/api/notetemplate/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) => removeTemplate(tx, principalOf(request), request.params.id));
      return reply.status(204).send();
    },
  );
}
