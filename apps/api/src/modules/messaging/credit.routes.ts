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
import { principalOf } from '../../auth/guard.ts';
import { type App, assertOwnCompany, type Deps, tenantTx, typed } from '../../lib/deps.ts';
import { ledgerPage } from './credit.queries.ts';
import { accountView, changeSettings, topUp } from './credit.service.ts';
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
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => accountView(tx, request.params.companyId));
    },
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
      assertOwnCompany(request, request.params.companyId);
      const { page, size } = request.query;
      return tenantTx(deps, request, (tx) => ledgerPage(tx, request.params.companyId, page, size));
    },
  );

  r.post(
    '/api/credit/:companyId/topup',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: creditTopUpSchema, response: { 200: creditAccountSchema } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      const key = idempotencyKeyOf(request);
      return tenantTx(deps, request, (tx) => topUp(tx, principalOf(request), request.body, key));
    },
  );

  r.put(
    '/api/credit/:companyId/settings',
    {
      config: { access: ADMIN },
      schema: { tags, params: byCompany, body: smsSettingsSchema, response: { 200: creditAccountSchema } },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return tenantTx(deps, request, (tx) => changeSettings(tx, principalOf(request), request.body));
    },
  );
}
