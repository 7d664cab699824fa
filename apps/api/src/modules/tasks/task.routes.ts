import { idParam, ROLES, taskInputSchema, taskSchema, taskUpdateSchema } from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import type { Tx } from '../../db/tenancy.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findLiveClient } from '../notes/note.queries.ts';
import { rememberSentKeys, sentFields } from '../notes/sent-keys.ts';
import { findCompanyUser, findTask } from './task.queries.ts';
import { changeTask, createTask, deleteTask } from './task.service.ts';
import { listClientTasks, listClosedTasks, listOpenTasks, listTaskPage } from './task-list.queries.ts';
import { taskListQuerySchema } from './task-list.schema.ts';

/** Spec section 2: Add Task and View Tasks are hidden from ROLE_ISOPRACTICE, and the API refuses them too. */
export const TASK_ACCESS: Access = { kind: 'user', notRoles: [ROLES.practice] };
const access = TASK_ACCESS;

const byCompany = z.strictObject({ companyId: idParam });
const byCompanyUser = z.strictObject({ companyId: idParam, userId: idParam });
const byCompanyClient = z.strictObject({ companyId: idParam, clientId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['tasks'];
const list = z.array(taskSchema);
const page = z.object({ data: list, totalRecords: z.number().int() });

/** Tasks are kept for this many days in the "recently completed" list. */
export const RECENT_DAYS = 30;

export function taskRoutes(app: App, deps: Deps) {
  const r = typed(app);
  /** Work on the caller's own company (another company's id answers 404), in its tenant transaction. */
  const inOwnCompany = <T>(
    request: FastifyRequest,
    companyId: number,
    fn: (tx: Tx, companyId: number) => Promise<T>,
  ) => {
    assertOwnCompany(request, companyId);
    return tenantTx(deps, request, (tx) => fn(tx, companyId));
  };

  r.get(
    '/api/task/active/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: list } } },
    async (request) => inOwnCompany(request, request.params.companyId, (tx, c) => listOpenTasks(tx, c)),
  );

  r.get(
    '/api/task/active/:companyId/:userId',
    { config: { access }, schema: { tags, params: byCompanyUser, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx, c) => {
        if (!(await findCompanyUser(tx, c, request.params.userId, false))) throw new NotFoundError('User');
        return listOpenTasks(tx, c, request.params.userId);
      }),
  );

  r.get(
    '/api/task/complete/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: list } } },
    async (request) => inOwnCompany(request, request.params.companyId, (tx, c) => listClosedTasks(tx, c)),
  );

  r.get(
    '/api/task/complete/recent/:companyId',
    { config: { access }, schema: { tags, params: byCompany, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, (tx, c) => listClosedTasks(tx, c, RECENT_DAYS)),
  );

  r.get(
    '/api/task/all/:companyId/client/:clientId',
    { config: { access }, schema: { tags, params: byCompanyClient, response: { 200: list } } },
    async (request) =>
      inOwnCompany(request, request.params.companyId, async (tx, c) => {
        if (!(await findLiveClient(tx, c, request.params.clientId))) throw new NotFoundError('Client');
        return listClientTasks(tx, c, request.params.clientId);
      }),
  );

  r.get(
    '/api/task/lazyloading/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, querystring: taskListQuerySchema, response: { 200: page } },
    },
    async (request) =>
      inOwnCompany(request, request.params.companyId, (tx, c) => listTaskPage(tx, c, request.query)),
  );

  r.get(
    '/api/task/specific/:id',
    { config: { access }, schema: { tags, params: byId, response: { 200: taskSchema } } },
    async (request) => {
      const task = await tenantTx(deps, request, (tx) =>
        findTask(tx, principalOf(request).companyId, request.params.id),
      );
      if (!task) throw new NotFoundError('Task');
      return task;
    },
  );

  r.post(
    '/api/task/:companyId',
    {
      config: { access },
      schema: { tags, params: byCompany, body: taskInputSchema, response: { 201: taskSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const task = await inOwnCompany(request, request.params.companyId, async (tx, c) => {
        const task = await findTask(tx, c, await createTask(tx, principal, request.body));
        if (!task) throw new Error('created task not found');
        return task;
      });
      return reply.status(201).send(task);
    },
  );

  r.put(
    '/api/task/:id',
    {
      config: { access },
      preValidation: rememberSentKeys,
      schema: { tags, params: byId, body: taskUpdateSchema, response: { 200: taskSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return tenantTx(deps, request, async (tx) => {
        await changeTask(tx, principal, request.params.id, sentFields(request, request.body));
        const task = await findTask(tx, principal.companyId, request.params.id);
        if (!task) throw new NotFoundError('Task');
        return task;
      });
    },
  );

  r.delete(
    '/api/task/:id',
    { config: { access }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, (tx) => deleteTask(tx, principalOf(request), request.params.id));
      return reply.status(204).send();
    },
  );
}
