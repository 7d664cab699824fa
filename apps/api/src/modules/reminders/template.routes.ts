import {
  idParam,
  reminderSettingsInputSchema,
  reminderSettingsSchema,
  reminderTemplateInputSchema,
  reminderTemplateSchema,
  reminderTemplateUpdateSchema,
  templatePreviewInputSchema,
  templatePreviewSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changeSettings, getSettings } from './settings.service.ts';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  removeTemplate,
} from './template.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['reminders'];
const one = reminderTemplateSchema;

/** Reminder templates and the practice's reminder settings: everyone reads, administrators change. */
export function templateRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/reminder/templates/:companyId',
    { config: { access: SIGNED_IN }, schema: { tags, params: byCompany, response: { 200: z.array(one) } } },
    async (request) => listTemplates(companyScope(deps, request)),
  );

  r.get(
    '/api/reminder/template/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: one } } },
    async (request) => getTemplate(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/reminder/template/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: reminderTemplateInputSchema, response: { 201: one } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(companyScope(deps, request), request.body)),
  );

  r.put(
    '/api/reminder/template/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: reminderTemplateUpdateSchema, response: { 200: one } },
    },
    async (request) => changeTemplate(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/reminder/template/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeTemplate(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/reminder/template/preview/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        body: templatePreviewInputSchema,
        response: { 200: templatePreviewSchema },
      },
    },
    async (request) => previewTemplate(companyScope(deps, request), request.body),
  );

  r.get(
    '/api/reminder/settings/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: reminderSettingsSchema } },
    },
    async (request) => getSettings(companyScope(deps, request)),
  );

  r.put(
    '/api/reminder/settings/:companyId',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        body: reminderSettingsInputSchema,
        response: { 200: reminderSettingsSchema },
      },
    },
    async (request) => changeSettings(companyScope(deps, request), request.body),
  );
}
