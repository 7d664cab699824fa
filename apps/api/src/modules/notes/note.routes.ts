import { idParam, noteInputSchema, noteSchema, noteUpdateSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  changeNote,
  createNote,
  createNoteFromTemplate,
  deleteNote,
  listClientNotes,
  listCompanyNotes,
} from './note.service.ts';

/** A drawing's base64 text is up to ~2.7 MB, more than the app's 1 MB default. */
export const NOTE_BODY_LIMIT = 3 * 1024 * 1024;

const byCompany = z.strictObject({ companyId: idParam });
const byClient = z.strictObject({ clientId: idParam });
const byNote = z.strictObject({ noteId: idParam });
const fromTemplate = z.strictObject({ clientId: idParam, templateId: idParam });
const tags = ['notes'];
const access = SIGNED_IN;
const list = { 200: z.array(noteSchema) };

export function noteRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/note1/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: list } },
    async (request) => {
      return listCompanyNotes(companyScope(deps, request));
    },
  );

  r.get(
    '/api/note1/client/:clientId',
    { config: { access }, schema: { tags, params: byClient, response: list } },
    async (request) => listClientNotes(scopeOf(deps, request), request.params.clientId),
  );

  r.post(
    '/api/note1/client/:clientId',
    {
      config: { access },
      bodyLimit: NOTE_BODY_LIMIT,
      schema: { tags, params: byClient, body: noteInputSchema, response: { 201: noteSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createNote(scopeOf(deps, request), request.params.clientId, request.body)),
  );

  r.put(
    '/api/note1/client/:clientId',
    {
      config: { access },
      bodyLimit: NOTE_BODY_LIMIT,
      schema: { tags, params: byClient, body: noteUpdateSchema, response: { 200: noteSchema } },
    },
    async (request) => changeNote(scopeOf(deps, request), request.params.clientId, request.body),
  );

  r.delete(
    '/api/note1/:noteId',
    {
      config: { access },
      schema: {
        response: noContent,
        tags,
        params: byNote,
        querystring: z.strictObject({ answer: z.string().optional() }),
      },
    },
    async (request, reply) => {
      await deleteNote(scopeOf(deps, request), request.params.noteId, request.query.answer);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/note1/client/:clientId/:templateId',
    { config: { access }, schema: { tags, params: fromTemplate, response: { 201: noteSchema } } },
    async (request, reply) => {
      const { clientId, templateId } = request.params;
      return reply
        .status(201)
        .send(await createNoteFromTemplate(scopeOf(deps, request), clientId, templateId));
    },
  );
}
