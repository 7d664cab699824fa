/**
 * What the logs may say about an error: its kind and codes, never the values of a failed query (a private
 * note, a client's details) — a Drizzle query error's message carries its parameters.
 */
export function describeError(error: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const item = e as {
      name?: string;
      code?: string;
      constraint?: string;
      table?: string;
      routine?: string;
      message?: string;
      query?: string;
      params?: unknown;
    };
    const fromDatabase = 'params' in item || 'routine' in item || 'severity' in item;
    chain.push({
      type: item.name ?? typeof e,
      code: item.code,
      constraint: item.constraint,
      table: item.table,
      routine: item.routine,
      // A database message can quote the offending value; keep it only for errors of our own code.
      message: fromDatabase ? undefined : item.message,
    });
  }
  const [first, ...causes] = chain;
  return { ...first, causes: causes.length > 0 ? causes : undefined };
}

/** One line for a log message built by hand (`… failed: ${errorText(e)}`). */
export function errorText(error: unknown): string {
  const d = describeError(error);
  const parts = [d.type, d.code, d.constraint && `constraint ${d.constraint}`, d.message].filter(Boolean);
  const causes = (d.causes as Record<string, unknown>[] | undefined) ?? [];
  for (const c of causes)
    parts.push(`caused by ${[c.type, c.code, c.constraint, c.message].filter(Boolean).join(' ')}`);
  return parts.join(': ');
}

/**
 * Request logs carry the method and the path only: query strings hold search terms and message previews,
 * which are personal data.
 */
/** A path part that is a secret link's token (256 random bits in base64url: 43 characters), never logged. */
const SECRET_PART = /\/[A-Za-z0-9_-]{32,}(?=\/|$)/g;
export const loggablePath = (url: string) => (url.split('?')[0] ?? '').replace(SECRET_PART, '/:token');

export const requestLogSerializers = {
  req(request: { method: string; url: string; id?: unknown }) {
    return { id: request.id, method: request.method, path: loggablePath(request.url) };
  },
  /** Any `err` logged anywhere (Fastify's own, a plugin's) goes through the same safe description. */
  err(error: Error) {
    const described = describeError(error);
    return {
      ...described,
      type: String(described.type),
      message: String(described.message ?? ''),
      stack: '',
    };
  },
};
