import { idParam, noteInputSchema, noteSchema } from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findLiveClient, findNote, listClientNotes, listCompanyNotes } from './note.queries.ts';
import { changeNote, createNote, createNoteFromTemplate, deleteNote } from './note.service.ts';
import { rememberSentKeys, sentFields } from './sent-keys.ts';

/** A drawing's base64 text is up to ~2.7 MB, more than the app's 1 MB default. */
export const NOTE_BODY_LIMIT = 3 * 1024 * 1024;

const byCompany = z.strictObject({ companyId: idParam });
const byClient = z.strictObject({ clientId: idParam });
const byNote = z.strictObject({ noteId: idParam });
const fromTemplate = z.strictObject({ clientId: idParam, templateId: idParam });
const tags = ['notes'];

function created<T>(note: T | undefined): T {
  if (!note) throw new Error('created note not found');
  return note;
}
const access = SIGNED_IN;

export function noteRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/note1/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: z.array(noteSchema) } } },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      const { companyId, userId } = principalOf(request);
      return tenantTx(deps, request, (tx) => listCompanyNotes(tx, companyId, userId));
    },
  );

  r.get(
    '/api/note1/client/:clientId',
    { config: { access }, schema: { tags, params: byClient, response: { 200: z.array(noteSchema) } } },
    async (request) => {
      const { companyId, userId } = principalOf(request);
      return tenantTx(deps, request, async (tx) => {
        if (!(await findLiveClient(tx, companyId, request.params.clientId)))
          throw new NotFoundError('Client');
        return listClientNotes(tx, companyId, request.params.clientId, userId);
      });
    },
  );

  r.post(
    '/api/note1/client/:clientId',
    {
      config: { access },
      bodyLimit: NOTE_BODY_LIMIT,
      schema: { tags, params: byClient, body: noteInputSchema, response: { 201: noteSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { id: _ignored, ...input } = request.body;
      const note = await tenantTx(deps, request, async (tx) => {
        const id = await createNote(tx, principal, request.params.clientId, input);
        return created(await findNote(tx, principal.companyId, id, principal.userId));
      });
      return reply.status(201).send(note);
    },
  );

  r.put(
    '/api/note1/client/:clientId',
    {
      config: { access },
      bodyLimit: NOTE_BODY_LIMIT,
      preValidation: rememberSentKeys,
      schema: { tags, params: byClient, body: noteInputSchema, response: { 200: noteSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id, ...patch } = sentFields(request, request.body);
      if (id === undefined)
        throw new ValidationError('Some fields are not valid.', [
          { path: 'body.id', message: 'Field is required.' },
        ]);
      return tenantTx(deps, request, async (tx) => {
        await changeNote(tx, principal, request.params.clientId, id, patch);
        const note = await findNote(tx, principal.companyId, id, principal.userId);
        if (!note) throw new NotFoundError('Note');
        return note;
      });
    },
  );

  r.delete(
    '/api/note1/:noteId',
    {
      config: { access },
      schema: { tags, params: byNote, querystring: z.strictObject({ answer: z.string().optional() }) },
    },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) =>
        deleteNote(tx, principalOf(request), request.params.noteId, request.query.answer),
      );
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/note1/client/:clientId/:templateId',
    { config: { access }, schema: { tags, params: fromTemplate, response: { 201: noteSchema } } },
    async (request, reply) => {
      const principal = principalOf(request);
      const { clientId, templateId } = request.params;
      const note = await tenantTx(deps, request, async (tx) => {
        const id = await createNoteFromTemplate(tx, principal, clientId, templateId);
        return created(await findNote(tx, principal.companyId, id, principal.userId));
      });
      return reply.status(201).send(note);
    },
  );
}
