import { idParam, menuVariantFor, moduleHomeFor, userConfigSchema, userSchema } from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { revokeUserSessions } from '../../auth/session.queries.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { toUserDto } from './user.dto.ts';
import { findUser, listCompanyUsers, setUserActive } from './user.queries.ts';

const byId = z.strictObject({ id: idParam });

export function userRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/user/:id',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['users'], params: byId, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await tenantTx(deps, request, (tx) => findUser(tx, request.params.id));
      if (!user) throw new NotFoundError('User');
      return toUserDto(user);
    },
  );

  r.get(
    '/api/user/:id/config',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['users'], params: byId, response: { 200: userConfigSchema } },
    },
    async (request) => {
      const user = await tenantTx(deps, request, (tx) => findUser(tx, request.params.id));
      if (!user) throw new NotFoundError('User');
      return {
        userId: user.id,
        roles: user.roles,
        rights: user.rights,
        enableInvoicing: user.enableInvoicing === 'N' ? ('N' as const) : ('Y' as const),
        moduleHome: moduleHomeFor(user.roles),
        menuVariant: menuVariantFor(user.roles),
      };
    },
  );

  r.get(
    '/api/user/company/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['users'],
        params: z.strictObject({ companyId: idParam }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      const rows = await tenantTx(deps, request, (tx) => listCompanyUsers(tx, request.params.companyId));
      return rows.map(toUserDto);
    },
  );

  r.put(
    '/api/user/:id/active',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['users'],
        params: byId,
        body: z.strictObject({ active: z.boolean() }),
        response: { 200: userSchema },
      },
    },
    async (request) => {
      if (request.params.id === principalOf(request).userId && !request.body.active) {
        throw new ValidationError('You cannot deactivate yourself.', [
          { path: 'body.active', message: 'Not allowed.' },
        ]);
      }
      const user = await tenantTx(deps, request, async (tx) => {
        const updated = await setUserActive(tx, request.params.id, request.body.active);
        // Deactivation ends every session at once: the next request is refused.
        if (updated && !updated.active) await revokeUserSessions(tx, updated.id);
        return updated;
      });
      if (!user) throw new NotFoundError('User');
      return toUserDto(user);
    },
  );
}
