import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/guard.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Tx, withTenant } from '../db/tenancy.ts';
import { NotFoundError } from './errors.ts';

export interface Deps {
  db: Db;
  config: Config;
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Runs fn in the caller's tenant transaction. */
export function tenantTx<T>(deps: Deps, request: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(deps.db, principalOf(request).companyId, fn);
}

/** Another company's id answers exactly like a missing one. */
export function assertOwnCompany(request: FastifyRequest, companyId: number): void {
  if (principalOf(request).companyId !== companyId) throw new NotFoundError();
}
