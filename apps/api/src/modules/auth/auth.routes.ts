import { loginRequestSchema, loginResponseSchema, pingResponseSchema } from '@pd/contracts';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { SESSION_COOKIE } from '../../auth/tokens.ts';
import { type App, type Deps, typed } from '../../lib/deps.ts';
import { login, logout } from './login.service.ts';

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
      const { body } = request;
      const signedIn = await login(deps.db, deps.config, body.username, body.password, request.ip);
      const { user, token, expiresAt, idleMinutes } = signedIn;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      return { user, token, expiresAt: expiresAt.toISOString(), idleMinutes };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: SIGNED_IN }, schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      await logout(deps.db, principalOf(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/auth/ping',
    { config: { access: SIGNED_IN }, schema: { tags: ['auth'], response: { 200: pingResponseSchema } } },
    async (request) => {
      const { userId, companyId, idleSecondsLeft } = principalOf(request);
      return {
        ok: true as const,
        userId,
        companyId,
        idleMinutes: deps.config.sessionIdleMinutes,
        idleSecondsLeft: idleSecondsLeft ?? 0,
      };
    },
  );
}
