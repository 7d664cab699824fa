import type { FastifyRequest } from 'fastify';

// The contracts' input schemas fill defaults in, so after validation "absent" and "default" look alike.
// An update route remembers which keys the caller actually sent; only those change the record.
const sent = new WeakMap<FastifyRequest, ReadonlySet<string>>();

/** Route option `preValidation`: runs on the raw JSON body, before the schema adds defaults. */
export async function rememberSentKeys(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) sent.set(request, new Set(Object.keys(body)));
}

/** The validated body limited to the keys the caller sent. */
export function sentFields<T extends object>(request: FastifyRequest, body: T): Partial<T> {
  const keys = sent.get(request) ?? new Set<string>();
  return Object.fromEntries(Object.entries(body).filter(([key]) => keys.has(key))) as Partial<T>;
}
