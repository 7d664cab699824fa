import { type ClientProductUpdate, timeZoneFor } from '@pd/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/access.ts';
import { clientProducts } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, ValidationError, written } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { findProduct } from '../catalogue/catalogue.queries.ts';
import { checkBillingPlan } from '../catalogue/product.service.ts';
import { findClientRow } from '../clients/client.queries.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findClientProduct } from './client-product.queries.ts';

const audit = { subProcess: 'Client Management' as const };

/** Takes the company product's terms; the unique number is CP- and the record's id, zero-padded. */
export async function addProductToClient(tx: Tx, principal: Principal, clientId: number, productId: number) {
  const client = await findClientRow(tx, clientId);
  if (!client) throw new NotFoundError('Client');
  const product = await findProduct(tx, productId);
  if (!product) throw new NotFoundError('Product');
  const company = await findCompany(tx, principal.companyId);
  const [row] = await tx
    .insert(clientProducts)
    .values({
      companyId: principal.companyId,
      clientId,
      productId,
      uniqueId: `tmp-${crypto.randomUUID().slice(0, 18)}`, // replaced below, once the id is known
      name: product.name,
      description: product.description,
      billingPlanId: product.billingPlanId,
      premium: product.premium,
      value: product.value,
      // Today in the company's time zone, not the server's.
      inception: sql`(now() at time zone ${timeZoneFor(company?.region ?? 'UK')})::date`,
      status: 'A',
    })
    .returning({ id: clientProducts.id });
  const id = written(row, 'client product').id;
  const uniqueId = `CP-${String(id).padStart(6, '0')}`;
  await tx.update(clientProducts).set({ uniqueId }).where(eq(clientProducts.id, id));
  await recordAudit(tx, principal, {
    ...audit,
    clientId,
    action: 'clientproduct.create',
    description: `Added product ${product.name} (${uniqueId}) for ${client.name}.`,
  });
  return written(await findClientProduct(tx, id), 'client product');
}

export async function changeClientProduct(
  tx: Tx,
  principal: Principal,
  id: number,
  patch: ClientProductUpdate,
) {
  const before = await findClientProduct(tx, id);
  if (!before) throw new NotFoundError('Client product');
  const merged = {
    ...before,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  if (merged.inception && merged.termination && merged.termination < merged.inception) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.termination', message: 'The termination date cannot be before the inception date.' },
    ]);
  }
  await checkBillingPlan(tx, patch);
  const changes = diffFields(before, patch);
  if (Object.keys(changes).length > 0) {
    await tx
      .update(clientProducts)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(clientProducts.id, id));
    await recordAudit(tx, principal, {
      ...audit,
      clientId: before.clientId,
      action: 'clientproduct.update',
      description: `Updated product ${merged.name} (${before.uniqueId}).`,
      changes,
    });
  }
  return written(await findClientProduct(tx, id), 'client product');
}

/** Marked deleted, not removed: invoices of later issues refer to client products. */
export async function deleteClientProduct(tx: Tx, principal: Principal, id: number, answer?: string) {
  const product = await findClientProduct(tx, id);
  if (!product) throw new NotFoundError('Client product');
  if (answer !== 'Y') {
    throw new ValidationError('Confirm the deletion with the answer Y.', [
      { path: 'querystring.answer', message: 'The answer must be Y.' },
    ]);
  }
  await tx.update(clientProducts).set({ deletedAt: new Date() }).where(eq(clientProducts.id, id));
  await recordAudit(tx, principal, {
    ...audit,
    clientId: product.clientId,
    action: 'clientproduct.delete',
    description: `Deleted product ${product.name} (${product.uniqueId}).`,
  });
}
