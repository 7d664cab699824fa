import { availableParallelism } from 'node:os';
import multipart from '@fastify/multipart';
import {
  IMPORT_FORMAT_CODES,
  type ImportFormat,
  INTAKE_MAX_BYTES,
  INTAKE_PATHS,
  idParam,
  intakeQueueSchema,
  intakeReportSchema,
} from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { DomainError } from '../../lib/errors.ts';
import { loadMapping, MappingFileError, mappingDir } from './intake-mapping.ts';
import { importUpload } from './intake-upload.service.ts';
import { readUpload } from './intake-upload.ts';
import { ParsePool } from './parse/parse-pool.ts';

const byCompany = z.strictObject({ companyId: idParam });
const tags = ['clients'];

/**
 * Parsing limits (docs/intake-formats.md): a file gets 20 s in a child process with a 256 MB heap and
 * 512 MB of memory in all; by default at most 4 files of one company and 20 in all wait for a parser.
 */
export const parseLimits = (config: Deps['config']) => ({
  size: config.intake.parsers ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeLimitMs: 20_000,
  memoryMb: 256,
  rssLimitMb: 512,
  maxQueued: config.intake.queueTotal,
  maxQueuedPerOwner: config.intake.queuePerCompany,
});

function mapping(deps: Deps, request: FastifyRequest, format: ImportFormat) {
  try {
    return loadMapping(format, mappingDir(deps.config.dataDir));
  } catch (error) {
    if (!(error instanceof MappingFileError)) throw error;
    request.log.error({ err: error }, 'intake mapping file');
    throw new DomainError('INTERNAL', 500, error.message);
  }
}

/**
 * Spec section 7: POST /api/client1/import/clientintake/evexia|netcare/{companyId}, multipart with the
 * field `file`. Bearer token (API clients) or the browser's session cookie with the CSRF header.
 */
export function intakeRoutes(app: App, deps: Deps) {
  const pool = new ParsePool(parseLimits(deps.config));
  app.addHook('onClose', () => pool.close());

  // While an upload waits for a parser the import panel polls this (no database: the pool's own count).
  typed(app).get(
    '/api/client1/import/queue/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: intakeQueueSchema } },
    },
    async (request) => pool.status(companyScope(deps, request).principal.companyId),
  );

  app.register(async (scope) => {
    // Multipart only here: one file of at most 10 MB, a few small fields.
    await scope.register(multipart, {
      limits: { fileSize: INTAKE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    const r = typed(scope);
    for (const format of IMPORT_FORMAT_CODES) {
      r.post(
        `/api/client1/import/clientintake/${INTAKE_PATHS[format]}/:companyId`,
        {
          config: { access: SIGNED_IN },
          schema: {
            tags,
            params: byCompany,
            consumes: ['multipart/form-data'],
            response: { 200: intakeReportSchema },
          },
        },
        async (request) => {
          const scope = companyScope(deps, request); // before the upload is read: 404 first
          const upload = await readUpload(request);
          const loadFormat = (which: ImportFormat) => mapping(deps, request, which);
          return importUpload(scope, pool, { format, mapping: loadFormat, upload });
        },
      );
    }
  });
}
