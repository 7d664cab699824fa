import { BACKGROUND_HEADER, CSRF_HEADER, CSRF_HEADER_VALUE } from '@pd/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { DomainError, ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import { assertAccess, type Principal } from './access.ts';
import { findLiveSession } from './session.queries.ts';
import { hashToken, SESSION_COOKIE } from './tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readToken(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

export async function resolvePrincipal(
  db: Db,
  request: FastifyRequest,
  idleMinutes: number,
): Promise<Principal | null> {
  const found = readToken(request);
  if (!found || found.token.length > 200) return null;
  const activity = request.headers[BACKGROUND_HEADER] !== '1';
  const row = await findLiveSession(db, hashToken(found.token), idleMinutes, activity);
  if (!row) return null;
  return { ...row, enableInvoicing: row.enableInvoicing === 'N' ? 'N' : 'Y', viaCookie: found.viaCookie };
}

/** A cookie rides along on cross-site requests; the custom header and Origin check stop forged writes. */
function assertSameOrigin(request: FastifyRequest): void {
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new DomainError('CSRF_REJECTED', 403, 'Cross-site request refused.');
  }
  const origin = request.headers.origin;
  if (origin && origin !== `${request.protocol}://${request.host}`) {
    throw new DomainError('CSRF_REJECTED', 403, 'Cross-site request refused.');
  }
}

export function registerGuard(app: FastifyInstance, db: Db, idleMinutes: number): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    const access = request.routeOptions.config.access;
    if (!access) throw new ForbiddenError('This route has no access rule.');
    if (access.kind === 'public') return;
    const principal = await resolvePrincipal(db, request, idleMinutes);
    if (!principal) throw new UnauthenticatedError();
    if (principal.viaCookie && !SAFE_METHODS.has(request.method)) assertSameOrigin(request);
    assertAccess(access, principal);
    request.principal = principal;
  });
}

/** The signed-in caller; routes behind the guard always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}
