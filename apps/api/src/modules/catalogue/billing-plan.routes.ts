import { billingPlanInputSchema, billingPlanSchema, billingPlanUpdateSchema, idParam } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, noContent, scopeOf, typed } from '../../lib/deps.ts';
import { changePlan, createPlan, getPlan, listPlans, removePlan } from './billing-plan.service.ts';
import type { PlanFilter } from './catalogue.queries.ts';

const tags = ['billing plans'];
const byCompany = z.strictObject({ companyId: idParam });
const byName = z.strictObject({ companyId: idParam, name: z.string().trim().min(1).max(100) });
const byId = z.strictObject({ id: idParam });
const many = { 200: z.array(billingPlanSchema) };
const one = { 200: billingPlanSchema };

/** Staff read the company's billing plans; changing them needs rights A. */
export function billingPlanRoutes(app: App, deps: Deps) {
  const r = typed(app);

  const lists: [string, PlanFilter][] = [
    ['/api/billingplan/:companyId', 'all'],
    ['/api/billingplan/active/:companyId', 'active'],
    ['/api/billingplan/bookings/:companyId', 'bookings'],
  ];
  for (const [path, filter] of lists) {
    r.get(
      path,
      { config: { access: SIGNED_IN }, schema: { tags, params: byCompany, response: many } },
      async (request) => {
        return listPlans(companyScope(deps, request), filter);
      },
    );
  }

  r.get(
    '/api/billingplan/search/:companyId/:name',
    { config: { access: SIGNED_IN }, schema: { tags, params: byName, response: many } },
    async (request) => {
      return listPlans(companyScope(deps, request), 'all', request.params.name);
    },
  );

  r.get(
    '/api/billingplan/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: one } },
    async (request) => getPlan(scopeOf(deps, request), request.params.id),
  );

  r.post(
    '/api/billingplan/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: billingPlanInputSchema, response: { 201: billingPlanSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createPlan(companyScope(deps, request), request.body));
    },
  );

  r.put(
    '/api/billingplan/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: billingPlanUpdateSchema, response: one },
    },
    async (request) => changePlan(scopeOf(deps, request), request.params.id, request.body),
  );

  r.delete(
    '/api/billingplan/:id',
    { config: { access: ADMIN }, schema: { response: noContent, tags, params: byId } },
    async (request, reply) => {
      await removePlan(scopeOf(deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
