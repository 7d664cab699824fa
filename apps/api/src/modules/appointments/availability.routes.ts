import {
  exceptionInputSchema,
  exceptionQuerySchema,
  exceptionSchema,
  exceptionUpdateSchema,
  holidayListSchema,
  holidayQuerySchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  changeException,
  createException,
  listExceptions,
  listHolidays,
  removeException,
} from './availability.service.ts';
import { companyFirst } from './diary-company.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['appointments'];

/** Exceptions to working hours (leave, closures) and the shipped public holidays. */
export function availabilityRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/exceptions/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: exceptionQuerySchema,
        response: { 200: z.array(exceptionSchema) },
      },
    },
    async (request) => {
      const { start, end, practitionerId } = request.query;
      return listExceptions(companyScope(deps, request), {
        start,
        end,
        practitionerIds: practitionerId ? [practitionerId] : undefined,
      });
    },
  );

  r.post(
    '/api/appointment/exception/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: exceptionInputSchema, response: { 201: exceptionSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createException(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/appointment/exception/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: exceptionUpdateSchema, response: { 200: exceptionSchema } },
    },
    async (request) => changeException(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/appointment/exception/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeException(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/appointment/holidays/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: byCompany,
        querystring: holidayQuerySchema,
        response: { 200: holidayListSchema },
      },
    },
    async (request) => {
      return listHolidays(companyScope(deps, request), request.query.start, request.query.end);
    },
  );
}
