import {
  idParam,
  ROLES,
  taskInputSchema,
  taskListQuerySchema,
  taskSchema,
  taskUpdateSchema,
} from '@pd/contracts';
import { z } from 'zod';
import type { Access } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import {
  changeTask,
  createTask,
  deleteTask,
  getTask,
  listClientTasks,
  listClosedTasks,
  listOpenTasks,
  listTaskPage,
  RECENT_DAYS,
} from './task.service.ts';

/** Spec section 2: Add Task and View Tasks are hidden from ROLE_ISOPRACTICE, and the API refuses them too. */
export const TASK_ACCESS: Access = { kind: 'user', notRoles: [ROLES.practice] };
const access = TASK_ACCESS;

const byCompany = z.strictObject({ companyId: idParam });
const byCompanyUser = z.strictObject({ companyId: idParam, userId: idParam });
const byCompanyClient = z.strictObject({ companyId: idParam, clientId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['tasks'];
const list = { 200: z.array(taskSchema) };
const page = { 200: z.object({ data: z.array(taskSchema), totalRecords: z.number().int() }) };

export function taskRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/task/active/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: list } },
    async (request) => {
      return listOpenTasks(companyScope(deps, request));
    },
  );

  r.get(
    '/api/task/active/:companyId/:userId',
    { config: { access }, schema: { tags, params: byCompanyUser, response: list } },
    async (request) => {
      return listOpenTasks(companyScope(deps, request), request.params.userId);
    },
  );

  for (const [path, days] of [
    ['/api/task/complete/:companyId', undefined],
    ['/api/task/complete/recent/:companyId', RECENT_DAYS],
  ] as const) {
    r.get(
      path,
      { config: { access }, schema: { tags, params: byCompany, response: list } },
      async (request) => {
        return listClosedTasks(companyScope(deps, request), days);
      },
    );
  }

  r.get(
    '/api/task/all/:companyId/client/:clientId',
    { config: { access }, schema: { tags, params: byCompanyClient, response: list } },
    async (request) => {
      return listClientTasks(companyScope(deps, request), request.params.clientId);
    },
  );

  r.get(
    '/api/task/lazyloading/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, querystring: taskListQuerySchema, response: page },
    },
    async (request) => {
      return listTaskPage(companyScope(deps, request), request.query);
    },
  );

  r.get(
    '/api/task/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: taskSchema } } },
    async (request) => getTask(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/task/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: taskInputSchema, response: { 201: taskSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createTask(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/task/:id',
    {
      config: { access },
      schema: { tags, params: byId, body: taskUpdateSchema, response: { 200: taskSchema } },
    },
    async (request) => changeTask(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/task/:id',
    { config: { access }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await deleteTask(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
