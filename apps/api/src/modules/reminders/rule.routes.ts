import {
  idParam,
  reminderRuleInputSchema,
  reminderRuleSchema,
  reminderRuleUpdateSchema,
  ruleListQuerySchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { companyFirst } from '../appointments/diary-company.ts';
import { changeRule, createRule, getRule, listRules, removeRule } from './rule.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const tags = ['reminders'];
const one = reminderRuleSchema;

/** Reminder rules per appointment type: everyone reads, administrators change. */
export function ruleRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/reminder/rules/:companyId',
    {
      ...companyFirst,
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, querystring: ruleListQuerySchema, response: { 200: z.array(one) } },
    },
    async (request) => listRules(companyScope(deps, request), request.query.typeId),
  );

  r.get(
    '/api/reminder/rule/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: one } } },
    async (request) => getRule(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/reminder/rule/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: reminderRuleInputSchema, response: { 201: one } },
    },
    async (request, reply) =>
      reply.status(201).send(await createRule(companyScope(deps, request), request.body)),
  );

  r.put(
    '/api/reminder/rule/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: reminderRuleUpdateSchema, response: { 200: one } },
    },
    async (request) => changeRule(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/reminder/rule/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removeRule(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
