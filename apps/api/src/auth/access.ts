import { isAdministrator, menuEntriesFor, menuVariantFor } from '@pd/contracts';
import { ForbiddenError } from '../lib/errors.ts';

/**
 * Every route declares who may call it in its config.access; the guard refuses a route without one.
 * - public: no session needed.
 * - user: any signed-in user; optionally limited by roles, forbidden roles and rights, and to users whose
 *   menu (the contracts' menuEntriesFor) has the area's route.
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'user';
      rights?: 'A';
      anyRole?: readonly string[];
      notRoles?: readonly string[];
      area?: string;
    };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const ADMIN: Access = { kind: 'user', rights: 'A' };

export interface Principal {
  userId: number;
  companyId: number;
  username: string;
  roles: string[];
  rights: string;
  enableInvoicing: 'Y' | 'N';
  sessionId: number;
  viaCookie: boolean;
  /** Seconds until the session ends unless there is activity before (the idle timeout). */
  idleSecondsLeft?: number;
}

export function assertAccess(access: Access, principal: Principal): void {
  if (access.kind !== 'user') return;
  if (access.rights === 'A' && !isAdministrator(principal)) throw new ForbiddenError();
  if (access.anyRole && !access.anyRole.some((r) => principal.roles.includes(r))) throw new ForbiddenError();
  if (access.notRoles?.some((r) => principal.roles.includes(r))) throw new ForbiddenError();
  if (access.area && !menuEntriesFor(menuVariantFor(principal.roles)).some((e) => e.route === access.area))
    throw new ForbiddenError();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
