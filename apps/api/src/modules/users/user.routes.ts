import { idParam, userConfigSchema, userSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, scopeOf, typed } from '../../lib/deps.ts';
import { getUser, getUserConfig, listUsers, setActive } from './user.service.ts';

const byId = z.strictObject({ id: idParam });
const tags = ['users'];

export function userRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/user/:id',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: userSchema } } },
    async (request) => getUser(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/user/:id/config',
    { config: { access: SIGNED_IN }, schema: { tags, params: byId, response: { 200: userConfigSchema } } },
    async (request) => getUserConfig(scopeOf(deps, request), request.params.id),
  );

  r.get(
    '/api/user/company/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        params: z.strictObject({ companyId: idParam }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) => {
      return listUsers(companyScope(deps, request));
    },
  );

  r.put(
    '/api/user/:id/active',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byId,
        body: z.strictObject({ active: z.boolean() }),
        response: { 200: userSchema },
      },
    },
    async (request) => setActive(scopeOf(deps, request), request.params.id, request.body.active),
  );
}
