import { billingPlanInputSchema, billingPlanSchema, idParam } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { billingPlans } from '../../db/schema/index.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { ConflictError, NotFoundError, written } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteIfUnused,
  findBillingPlan,
  insertBillingPlan,
  listBillingPlans,
  type PlanFilter,
  updateBillingPlan,
} from './catalogue.queries.ts';

const tags = ['billing plans'];
const byCompany = z.strictObject({ companyId: idParam });
const byId = z.strictObject({ id: idParam });
const many = { 200: z.array(billingPlanSchema) };
const audit = { subProcess: 'Billing Management' as const };

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
        assertOwnCompany(request, request.params.companyId);
        return tenantTx(deps, request, (tx) => listBillingPlans(tx, request.params.companyId, filter));
      },
    );
  }

  r.get(
    '/api/billingplan/search/:companyId/:name',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: z.strictObject({ companyId: idParam, name: z.string().trim().min(1).max(100) }),
        response: many,
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) =>
        listBillingPlans(tx, request.params.companyId, 'all', request.params.name),
      );
    },
  );

  r.get(
    '/api/billingplan/specific/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: billingPlanSchema } } },
    async (request) => {
      const plan = await tenantTx(deps, request, (tx) => findBillingPlan(tx, request.params.id));
      if (!plan) throw new NotFoundError('Billing plan');
      return plan;
    },
  );

  r.post(
    '/api/billingplan/:companyId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: billingPlanInputSchema, response: { 201: billingPlanSchema } },
    },
    async (request, reply) => {
      assertOwnCompany(request, request.params.companyId);
      const plan = await tenantTx(deps, request, async (tx) => {
        const created = await insertBillingPlan(tx, request.params.companyId, request.body);
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'billingplan.create',
          description: `Created billing plan ${request.body.name}.`,
          changes: diffFields({}, request.body),
        });
        return written(created, 'billing plan');
      });
      return reply.status(201).send(plan);
    },
  );

  r.put(
    '/api/billingplan/:id',
    {
      config: { access: ADMIN },
      schema: { tags, params: byId, body: billingPlanInputSchema, response: { 200: billingPlanSchema } },
    },
    async (request) =>
      tenantTx(deps, request, async (tx) => {
        const before = await findBillingPlan(tx, request.params.id);
        if (!before) throw new NotFoundError('Billing plan');
        const after = await updateBillingPlan(tx, request.params.id, request.body);
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'billingplan.update',
          description: `Updated billing plan ${request.body.name}.`,
          changes: diffFields(before, request.body),
        });
        return after ?? before;
      }),
  );

  r.delete(
    '/api/billingplan/:id',
    { config: { access: ADMIN }, schema: { tags, params: byId } },
    async (request, reply) => {
      await tenantTx(deps, request, async (tx) => {
        const plan = await findBillingPlan(tx, request.params.id);
        if (!plan) throw new NotFoundError('Billing plan');
        if (!(await deleteIfUnused(tx, billingPlans, plan.id))) {
          throw new ConflictError('This billing plan is still used by products. Make it inactive instead.');
        }
        await recordAudit(tx, principalOf(request), {
          ...audit,
          action: 'billingplan.delete',
          description: `Deleted billing plan ${plan.name}.`,
        });
      });
      return reply.status(204).send();
    },
  );
}
