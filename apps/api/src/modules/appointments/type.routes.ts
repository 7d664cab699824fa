import {
  appointmentTypeInputSchema,
  appointmentTypeSchema,
  appointmentTypeUpdateSchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changeType, createType, getType, listTypes, removeType } from './type.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['appointments'];
const one = appointmentTypeSchema;

/** Appointment types: everyone reads, administrators change. */
export function typeRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/types/:companyId',
    { config: { access: SIGNED_IN }, schema: { tags, params: byCompany, response: { 200: z.array(one) } } },
    async (request) => {
      return listTypes(companyScope(deps, request));
    },
  );

  r.get(
    '/api/appointment/type/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: one } } },
    async (request) => getType(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/appointment/type/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: appointmentTypeInputSchema, response: { 201: one } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createType(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/appointment/type/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: appointmentTypeUpdateSchema, response: { 200: one } },
    },
    async (request) => changeType(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/appointment/type/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeType(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
