import { idParam, roomInputSchema, roomSchema, roomUpdateSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changeRoom, createRoom, listRooms, removeRoom } from './room.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['appointments'];

/** Rooms and resources: everyone reads, administrators change. */
export function roomRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/rooms/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(roomSchema) } },
    },
    async (request) => {
      return listRooms(companyScope(deps, request));
    },
  );

  r.post(
    '/api/appointment/room/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: roomInputSchema, response: { 201: roomSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createRoom(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/appointment/room/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: roomUpdateSchema, response: { 200: roomSchema } },
    },
    async (request) => changeRoom(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/appointment/room/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeRoom(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
