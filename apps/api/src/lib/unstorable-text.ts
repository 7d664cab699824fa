import { findTooDeep, findUnstorableText, TOO_DEEP_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '@pd/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.ts';

/**
 * Every string of every request (path, query, body) is checked once at the edge for text PostgreSQL cannot
 * store (NUL) or JSON cannot hold (a lone surrogate), after a check that the request is not nested absurdly
 * deep (which would exhaust the stack of any recursive walk): 400 naming the field, before any route runs.
 */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [where, value] of Object.entries(parts)) {
      const deep = findTooDeep(value);
      if (deep) {
        throw new ValidationError('Some fields are not valid.', [
          { path: [where, ...deep].join('.'), message: TOO_DEEP_MESSAGE },
        ]);
      }
      const path = findUnstorableText(value);
      if (path) {
        throw new ValidationError('Some fields are not valid.', [
          { path: [where, ...path].join('.'), message: UNSTORABLE_TEXT_MESSAGE },
        ]);
      }
    }
  });
}
