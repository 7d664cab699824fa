import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@pd/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** Sends the one error shape; every failure the API answers goes through here. */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorBody, 'requestId'>,
) {
  return reply.status(status).send({ ...body, requestId: String(request.id) });
}

/**
 * Fastify's own refusals before a route is found (bad percent-encoding, a path part over the length limit):
 * the error shape, without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, request, 414, {
      code: 'BAD_REQUEST',
      message: 'A part of the address is too long.',
    });
  }
  return sendError(reply, request, 400, { code: 'BAD_REQUEST', message: 'The address is malformed.' });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a 100,000-character query string, headers
 * too large, a malformed request line): the error shape on the raw socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    code: 'BAD_REQUEST',
    message:
      status === 431 ? 'The request address or headers are too long.' : 'The request could not be read.',
    requestId: randomUUID(),
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
