import {
  FORM_FILL_LIMITS,
  formDraftSavedSchema,
  formFileSchema,
  formFileUploadSchema,
  formFillSchema,
  formNoticeSchema,
  formNoticeUpdateSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, PUBLIC, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { changeFormNotice, getFormNotice, saveDraft, uploadFile } from './form-fill.service.ts';
import { byToken, publicLimit } from './form-request.routes.ts';
import { usableRequest } from './form-request.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const tags = ['forms'];

/**
 * Issue 18, part 4: the fill page's save-and-continue and file uploads (public, behind the link's token),
 * and the company's privacy notice it shows (everyone reads; administrators change it).
 */
export function formFillRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.put(
    '/api/public/form/:token/draft',
    {
      config: { access: PUBLIC, ...publicLimit },
      // The draft's own limit (600 KB of JSON) answers 413 with its message; this stops anything far larger.
      bodyLimit: FORM_FILL_LIMITS.draftBytes * 2,
      schema: { tags, params: byToken, body: formFillSchema, response: { 200: formDraftSavedSchema } },
    },
    async (request) => saveDraft(deps.db, await usableRequest(deps.db, request.params.token), request.body),
  );

  r.post(
    '/api/public/form/:token/attachment',
    {
      config: { access: PUBLIC, ...publicLimit },
      bodyLimit: Math.ceil((FORM_FILL_LIMITS.fileBytes * 4) / 3) + 4096,
      schema: { tags, params: byToken, body: formFileUploadSchema, response: { 201: formFileSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await uploadFile(deps.db, await usableRequest(deps.db, request.params.token), request.body)),
  );

  r.get(
    '/api/company/:companyId/form-notice',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: formNoticeSchema } },
    },
    async (request) => getFormNotice(companyScope(deps, request)),
  );

  r.put(
    '/api/company/:companyId/form-notice',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        body: formNoticeUpdateSchema,
        response: { 200: formNoticeSchema },
      },
    },
    async (request) => changeFormNotice(companyScope(deps, request), request.body),
  );
}
