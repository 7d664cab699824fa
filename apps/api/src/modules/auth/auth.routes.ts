import { loginRequestSchema, loginResponseSchema, pingResponseSchema } from '@pd/contracts';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { revokeSession } from '../../auth/session.queries.ts';
import { SESSION_COOKIE } from '../../auth/tokens.ts';
import { withSystem } from '../../db/tenancy.ts';
import { type App, type Deps, typed } from '../../lib/deps.ts';
import { login } from './login.service.ts';

export function authRoutes(app: App, deps: Deps) {
  const r = typed(app);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    secure: deps.config.cookieSecure,
    sameSite: 'strict',
  } as const;

  r.post(
    '/api/auth/login',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await login(
        deps.db,
        deps.config,
        request.body.username,
        request.body.password,
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      return { user, token, expiresAt: expiresAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: SIGNED_IN }, schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      const { sessionId } = principalOf(request);
      await withSystem(deps.db, (tx) => revokeSession(tx, sessionId));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/auth/ping',
    { config: { access: SIGNED_IN }, schema: { tags: ['auth'], response: { 200: pingResponseSchema } } },
    async (request) => ({ ok: true as const, userId: principalOf(request).userId }),
  );
}
