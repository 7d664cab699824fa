import type { FastifyInstance } from 'fastify';

// PrimeReact sets inline styles, so styles allow 'unsafe-inline'; scripts never do.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('x-request-id', String(request.id));
    // Swagger UI ships its own inline bootstrap; it sets a policy of its own (app.ts, staticCSP).
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', CSP);
    // Served over HTTPS (directly, or behind a trusted proxy): browsers keep to HTTPS from then on.
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
