import { idParam, practitionerInputSchema, practitionerSchema, workingHoursInputSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import {
  getPractitioner,
  listPractitioners,
  savePractitioner,
  setWorkingHours,
} from './practitioner.service.ts';

const byCompany = z.strictObject({ companyId: idParam });
const byUser = z.strictObject({ userId: idParam });
const tags = ['appointments'];
const one = { 200: practitionerSchema };

/** Practitioners and their weekly hours: everyone reads, administrators change. */
export function practitionerRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/appointment/practitioners/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: z.array(practitionerSchema) } },
    },
    async (request) => {
      return listPractitioners(companyScope(deps, request));
    },
  );

  r.get(
    '/api/appointment/practitioner/:userId',
    { config: { access: SIGNED_IN }, schema: { tags, params: byUser, response: one } },
    async (request) => getPractitioner(scopeOf(deps, request), request.params.userId),
  );

  r.put(
    '/api/appointment/practitioner/:userId',
    {
      config: { access: ADMIN },
      schema: { tags, params: byUser, body: practitionerInputSchema, response: one },
    },
    async (request) => savePractitioner(scopeOf(deps, request), request.params.userId, request.body),
  );

  r.put(
    '/api/appointment/practitioner/:userId/hours',
    {
      config: { access: ADMIN },
      schema: { tags, params: byUser, body: workingHoursInputSchema, response: one },
    },
    async (request) => setWorkingHours(scopeOf(deps, request), request.params.userId, request.body),
  );
}
