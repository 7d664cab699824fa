import { randomBytes } from 'node:crypto';
import { type ImportFormat, intakeUploadPath } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';
import type { TestContext } from '../../test/harness.ts';
import { loadMapping } from './intake-mapping.ts';

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipart(fileName: string, bytes: Uint8Array | string, field = 'file') {
  const boundary = `----pd${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const payload = Buffer.concat([
    Buffer.from(head),
    typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const mappings = { '001': loadMapping('001'), '002': loadMapping('002') } as const;

export function upload(
  app: FastifyInstance,
  who: { bearer: Record<string, string>; user: { companyId: number } },
  format: ImportFormat,
  fileName: string,
  bytes: Uint8Array | string,
  companyId = who.user.companyId,
) {
  const body = multipart(fileName, bytes);
  return app.inject({
    method: 'POST',
    url: intakeUploadPath(format, companyId),
    headers: { ...who.bearer, ...body.headers },
    payload: body.payload,
  });
}

/** Everything an import writes, counted for one company: a refused import must leave these unchanged. */
export async function writtenCounts(ctx: TestContext, companyId: number) {
  return withSystem(ctx.database.db, async (tx) => {
    return selectRow(
      tx,
      z.object({ clients: z.number(), configs: z.number(), audits: z.number(), updated: z.string() }),
      sql`
      select (select count(*)::int from clients where company_id = ${companyId}) as clients,
             (select count(*)::int from client_configs where company_id = ${companyId}) as configs,
             (select count(*)::int from audit_entries where company_id = ${companyId}) as audits,
             (select coalesce(max(updated_at), 'epoch')::text from clients where company_id = ${companyId}) as updated`,
    );
  });
}
