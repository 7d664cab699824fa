import { type ClientProductUpdate, timeZoneFor, todayIn } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { assertDeletionConfirmed } from '../../lib/confirm-deletion.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { applyPatch, sentOnly } from '../../lib/patch.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { checkBillingPlan, companyProduct } from '../catalogue/product.service.ts';
import { liveClient } from '../clients/client.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import {
  clientProductsOfClient,
  clientProductsOfProduct,
  findClientProduct,
  insertClientProduct,
  softDeleteClientProduct,
  updateClientProduct,
} from './client-product.queries.ts';

const subProcess = 'Client Management';

const clientProductOf = async (tx: Tx, companyId: number, id: number) =>
  mustExist(await findClientProduct(tx, companyId, id), 'Client product');

export const listProductsOfClient = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await liveClient(tx, companyId, clientId);
    return clientProductsOfClient(tx, companyId, clientId);
  });

export const listClientsOfProduct = (scope: Scope, productId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await companyProduct(tx, companyId, productId);
    return clientProductsOfProduct(tx, companyId, productId);
  });

/** Takes the company product's terms; inception is today in the company's time zone, not the server's. */
export const addProductToClient = (scope: Scope, clientId: number, productId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const client = await liveClient(tx, companyId, clientId);
    const product = await companyProduct(tx, companyId, productId);
    const company = await findCompany(tx, companyId);
    const { id, uniqueId } = await insertClientProduct(tx, companyId, {
      clientId,
      productId,
      name: product.name,
      description: product.description,
      billingPlanId: product.billingPlanId,
      premium: product.premium,
      value: product.value,
      inception: todayIn(timeZoneFor(company?.region ?? 'UK')),
      status: 'A',
    });
    await recordAudit(tx, scope.principal, {
      subProcess,
      clientId,
      action: 'clientproduct.create',
      description: `Added product ${product.name} (${uniqueId}) for ${client.name}.`,
    });
    return mustExist(await findClientProduct(tx, companyId, id), 'client product');
  });

/** Absent fields keep their value; termination may not come before inception. */
export const changeClientProduct = (scope: Scope, id: number, patch: ClientProductUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = await clientProductOf(tx, companyId, id);
    const merged = applyPatch(before, patch);
    if (merged.inception && merged.termination && merged.termination < merged.inception) {
      throw new ValidationError('Some fields are not valid.', [
        { path: 'body.termination', message: 'The termination date cannot be before the inception date.' },
      ]);
    }
    await checkBillingPlan(tx, companyId, patch);
    const changes = diffFields(before, patch);
    if (Object.keys(changes).length === 0) return before;
    await updateClientProduct(tx, companyId, id, sentOnly(patch));
    await recordAudit(tx, scope.principal, {
      subProcess,
      clientId: before.clientId,
      action: 'clientproduct.update',
      description: `Updated product ${merged.name} (${before.uniqueId}).`,
      changes,
    });
    return clientProductOf(tx, companyId, id);
  });

/** Marked deleted, not removed: invoices of later issues refer to client products. */
export const removeClientProduct = (scope: Scope, id: number, answer?: string) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const product = await clientProductOf(tx, companyId, id);
    assertDeletionConfirmed(answer);
    await softDeleteClientProduct(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      clientId: product.clientId,
      action: 'clientproduct.delete',
      description: `Deleted product ${product.name} (${product.uniqueId}).`,
    });
  });
