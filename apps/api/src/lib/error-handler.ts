import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { DatabaseOutage } from './database-outage.ts';
import { isDatabaseUnreachable } from './database-outage.ts';
import { sendError } from './error-reply.ts';
import { DomainError } from './errors.ts';
import { describeError } from './log-safety.ts';

/** A body with 40,000 unknown keys must not answer 2 MB of problems: the first ones say enough. */
export const MAX_LISTED_PROBLEMS = 50;

/** One shape for every failure; no stack trace or internal message ever reaches a client. */
export function registerErrorHandling(app: FastifyInstance, outage: DatabaseOutage): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, request, error.status, {
        code: error.code,
        message: error.message,
        fields: error.fields,
        ...(error.existingId === undefined ? {} : { existingId: error.existingId }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields = error.validation.flatMap((v) => {
        const base = [where, ...v.instancePath.split('/').filter(Boolean)];
        // An unknown key is reported on the key itself, so a form can point at it.
        const unknownKeys =
          v.keyword === 'unrecognized_keys' ? (v.params.keys as string[] | undefined) : undefined;
        if (unknownKeys?.length) {
          return unknownKeys.map((key) => ({ path: [...base, key].join('.'), message: 'Unknown field.' }));
        }
        return [{ path: base.join('.'), message: v.message ?? 'Invalid value.' }];
      });
      return sendError(reply, request, 400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: fields.slice(0, MAX_LISTED_PROBLEMS),
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, request, 413, {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The request body is too large.',
        });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, request, 400, {
          code: 'BAD_REQUEST',
          message: 'The request body is not valid JSON.',
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, request, 415, { code: 'BAD_REQUEST', message: 'Unsupported content type.' });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(reply, request, 400, { code: 'BAD_REQUEST', message: 'The request is malformed.' });
    }
    if (isDatabaseUnreachable(error)) {
      // Logged once for the whole outage (database-outage.ts), not once per request.
      outage.started();
      reply.header('retry-after', String(outage.retryAfterSeconds));
      return sendError(reply, request, 503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      });
    }
    request.log.error({ error: describeError(error) }, 'unhandled error');
    return sendError(reply, request, 500, {
      code: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, 404, { code: 'NOT_FOUND', message: 'Resource not found.' }),
  );
}
