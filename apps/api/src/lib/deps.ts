import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../auth/access.ts';
import { principalOf } from '../auth/guard.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Tx, withTenant } from '../db/tenancy.ts';
import type { DatabaseOutage } from './database-outage.ts';
import { NotFoundError } from './errors.ts';
import type { PdfRenderer } from './pdf/pdf-pool.ts';

export interface Deps {
  db: Db;
  config: Config;
  /** Whether the database is out of reach now; readiness and the error handler share it. */
  outage: DatabaseOutage;
  /** Draws PDFs off the request thread (lib/pdf/pdf-pool.ts). */
  pdf: PdfRenderer;
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The documented answer of a route that answers 204 No Content (a delete, a cancel). */
export const noContent = { 204: z.null().describe('Done: no content.') };

/**
 * Sends JSON text already in the route's documented answer shape (written by PostgreSQL) as it is: a string
 * with a JSON content type is not serialised again. The API tests still check it against the document.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/** Who acts, and the database: what a service needs to open its own tenant transaction. */
export interface Scope {
  db: Db;
  principal: Principal;
}

/** A route hands its service the caller's scope; the service owns the transaction. */
export const scopeOf = (deps: Deps, request: FastifyRequest): Scope => ({
  db: deps.db,
  principal: principalOf(request),
});

/**
 * The caller's scope for a path that names a company (`/…/:companyId`): the caller's own, or 404 exactly
 * as for a company that does not exist.
 */
export function companyScope(deps: Deps, request: FastifyRequest & { params: { companyId: number } }): Scope {
  assertOwnCompany(request, request.params.companyId);
  return scopeOf(deps, request);
}

/** Runs fn in one transaction of the scope's company (row-level security on, tenant set). */
export function inTenant<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(scope.db, scope.principal.companyId, fn);
}

/** Another company's id answers exactly like a missing one. */
export function assertOwnCompany(request: FastifyRequest, companyId: number): void {
  if (principalOf(request).companyId !== companyId) throw new NotFoundError();
}
