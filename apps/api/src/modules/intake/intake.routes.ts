import { availableParallelism } from 'node:os';
import multipart from '@fastify/multipart';
import {
  IMPORT_FORMAT_CODES,
  type ImportFormat,
  INTAKE_FILE_FIELD,
  INTAKE_MAX_BYTES,
  INTAKE_MAX_ROWS,
  INTAKE_PATHS,
  idParam,
  intakeReportSchema,
} from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../auth/access.ts';
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { DomainError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findCompany } from '../companies/company.queries.ts';
import { importIntake } from './intake.service.ts';
import { loadMapping, MappingFileError, mappingDir } from './intake-mapping.ts';
import { readUpload } from './intake-upload.ts';
import { ParsePool } from './parse/parse-pool.ts';
import { FileProblem } from './parse/problems.ts';
import { fileKind } from './upload-check.ts';

const byCompany = z.strictObject({ companyId: idParam });
const tags = ['clients'];

/** Parsing limits (docs/intake-formats.md): a file gets 20 s and 256 MB of its own thread. */
export const PARSE_LIMITS = {
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeLimitMs: 20_000,
  memoryMb: 256,
};

const fileError = (message: string) => new ValidationError(message, [{ path: INTAKE_FILE_FIELD, message }]);

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
  const pool = new ParsePool(PARSE_LIMITS);
  app.addHook('onClose', () => pool.close());

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
          const { companyId } = request.params;
          assertOwnCompany(request, companyId);
          const upload = await readUpload(request);
          let kind: 'csv' | 'pdf';
          try {
            kind = fileKind(upload.fileName, upload.bytes);
          } catch (error) {
            throw error instanceof FileProblem ? fileError(error.message) : error;
          }
          const formatMapping = mapping(deps, request, format);
          const parsed = await pool.run({
            kind,
            bytes: upload.bytes,
            mapping: formatMapping,
            maxRows: INTAKE_MAX_ROWS,
          });
          if (!parsed.ok) throw fileError(parsed.reason);
          return tenantTx(deps, request, async (tx) => {
            const company = await findCompany(tx, companyId);
            if (!company) throw new NotFoundError();
            return importIntake(tx, principalOf(request), company.type, formatMapping, {
              format,
              fileName: upload.fileName,
              source: parsed.source,
              rows: parsed.rows,
              warnings: parsed.warnings,
            });
          });
        },
      );
    }
  });
}
