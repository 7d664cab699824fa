import {
  creditAccountSchema,
  creditLedgerEntrySchema,
  creditTopUpSchema,
  idParam,
  ledgerQuerySchema,
  pageOf,
  smsSettingsSchema,
} from '@pd/contracts';
import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../../auth/access.ts';
import { type App, companyScope, type Deps, typed } from '../../lib/deps.ts';
import { changeSettings, creditAccountOf, creditLedger, topUp } from './credit.service.ts';
import { idempotencyKeyOf } from './idempotency.ts';

const byCompany = z.strictObject({ companyId: idParam });
const tags = ['credit'];

/** Prepaid SMS credit: everyone reads the balance (the bulk SMS panel shows it); administrators change it. */
export function creditRoutes(app: App, deps: Deps) {
  const r = typed(app);

  r.get(
    '/api/credit/:companyId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: byCompany, response: { 200: creditAccountSchema } },
    },
    async (request) => creditAccountOf(companyScope(deps, request)),
  );

  r.get(
    '/api/credit/:companyId/ledger',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        params: byCompany,
        querystring: ledgerQuerySchema,
        response: { 200: pageOf(creditLedgerEntrySchema) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return creditLedger(companyScope(deps, request), page, size);
    },
  );

  r.post(
    '/api/credit/:companyId/topup',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: creditTopUpSchema, response: { 200: creditAccountSchema } },
    },
    async (request) => {
      const scope = companyScope(deps, request);
      return topUp(scope, request.body, idempotencyKeyOf(request));
    },
  );

  r.put(
    '/api/credit/:companyId/settings',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: smsSettingsSchema, response: { 200: creditAccountSchema } },
    },
    async (request) => changeSettings(companyScope(deps, request), request.body),
  );
}
