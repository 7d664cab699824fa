import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@pd/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.ts';

/**
 * Every string of every request (path, query, body) is checked once at the edge for text PostgreSQL cannot
 * store (NUL) or JSON cannot hold (a lone surrogate): 400 naming the field, before any route runs.
 */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [where, value] of Object.entries(parts)) {
      const path = findUnstorableText(value);
      if (path) {
        throw new ValidationError('Some fields are not valid.', [
          { path: [where, ...path].join('.'), message: UNSTORABLE_TEXT_MESSAGE },
        ]);
      }
    }
  });
}
