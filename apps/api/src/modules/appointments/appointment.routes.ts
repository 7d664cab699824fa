import {
  appointmentInputSchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentStatusInputSchema,
  appointmentUpdateSchema,
  dayQuerySchema,
  diaryQuerySchema,
  idParam,
} from '@pd/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, sendJsonText, typed } from '../../lib/deps.ts';
import {
  bookAppointment,
  changeAppointment,
  getAppointment,
  listClientAppointments,
  listDiary,
  listUninvoiced,
  setAppointmentStatus,
} from './appointment.service.ts';
import { companyFirst } from './diary-company.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const byClient = z.strictObject({ clientId: idParam });
const tags = ['appointments'];
const access = SIGNED_IN;

/** The diary: range reads, booking, moving and status changes. Every member of staff books. */
export function appointmentCrudRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/diary/:companyId',
    {
      ...companyFirst,
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: diaryQuerySchema,
        response: { 200: appointmentListSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const json = await listDiary(companyScope(deps, request), {
        start: new Date(q.start),
        end: new Date(q.end),
        practitionerId: q.practitionerId,
        roomId: q.roomId,
        typeId: q.typeId,
        statuses: q.status ? q.status.split(',') : undefined,
      });
      return sendJsonText(reply, json);
    },
  );

  r.get(
    '/api/appointment/uninvoiced/:companyId',
    {
      ...companyFirst,
      config: { access },
      schema: {
        tags,
        params: byCompany,
        querystring: dayQuerySchema,
        response: { 200: appointmentListSchema },
      },
    },
    async (request) => {
      return listUninvoiced(companyScope(deps, request), request.query.date);
    },
  );

  r.get(
    '/api/appointment/client/:clientId',
    { config: { access }, schema: { tags, params: byClient, response: { 200: appointmentListSchema } } },
    async (request) => listClientAppointments(scopeOf(deps, request), request.params.clientId),
  );

  r.get(
    '/api/appointment/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: appointmentSchema } } },
    async (request) => getAppointment(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/appointment/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: appointmentInputSchema, response: { 201: appointmentSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await bookAppointment(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/appointment/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: appointmentUpdateSchema, response: { 200: appointmentSchema } },
    },
    async (request) => changeAppointment(scopeOf(deps, request), request.params.id, request.body),
  );

  r.post(
    '/api/appointment/:id/status',
    {
      config: { access },
      schema: {
        tags,
        params: byId,
        body: appointmentStatusInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => setAppointmentStatus(scopeOf(deps, request), request.params.id, request.body),
  );
}
