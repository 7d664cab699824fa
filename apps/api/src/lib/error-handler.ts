import type { ErrorBody } from '@pd/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from './errors.ts';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorBody, 'requestId'>,
) {
  return reply.status(status).send({ ...body, requestId: String(request.id) });
}

/** One shape for every failure; no stack trace or internal message ever reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, request, error.status, {
        code: error.code,
        message: error.message,
        fields: error.fields,
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
      return send(reply, request, 400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, request, 413, {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The request body is too large.',
        });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, request, 400, {
          code: 'BAD_REQUEST',
          message: 'The request body is not valid JSON.',
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, request, 415, { code: 'BAD_REQUEST', message: 'Unsupported content type.' });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return send(reply, request, 400, { code: 'BAD_REQUEST', message: 'The request is malformed.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, {
      code: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, request, 404, { code: 'NOT_FOUND', message: 'Resource not found.' }),
  );
}
