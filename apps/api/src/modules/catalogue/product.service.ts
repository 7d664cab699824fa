import type { ProductInput, ProductUpdate } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { applyPatch } from '../../lib/patch.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteProductIfUnused,
  findCompanyBillingPlan,
  findCompanyProduct,
  insertProduct,
  listProducts,
  updateProduct,
} from './catalogue.queries.ts';

const subProcess = 'Billing Management';

/** A blank tariff code is none. */
const withTariff = <T extends { tariffCode?: string | null | undefined }>(v: T): T => ({
  ...v,
  tariffCode: v.tariffCode?.trim() || null,
});

/** For products and client products: the billing plan must be one of the company's. */
export async function checkBillingPlan(
  tx: Tx,
  companyId: number,
  input: { billingPlanId?: number | null | undefined },
): Promise<void> {
  if (input.billingPlanId && !(await findCompanyBillingPlan(tx, companyId, input.billingPlanId))) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.billingPlanId', message: 'Choose a billing plan of this company.' },
    ]);
  }
}

/** For other services: a product of the company, or 404. */
export async function companyProduct(tx: Tx, companyId: number, id: number) {
  return mustExist(await findCompanyProduct(tx, companyId, id), 'Product');
}

export const listCompanyProducts = (scope: Scope, name?: string) =>
  inTenant(scope, (tx) => listProducts(tx, scope.principal.companyId, name));

export const getProduct = (scope: Scope, id: number) =>
  inTenant(scope, (tx) => companyProduct(tx, scope.principal.companyId, id));

export const createProduct = (scope: Scope, input: ProductInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await checkBillingPlan(tx, companyId, input);
    const id = await insertProduct(tx, companyId, withTariff(input));
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'product.create',
      description: `Created product ${input.name}.`,
      changes: diffFields({}, input),
    });
    return companyProduct(tx, companyId, id);
  });

/** Absent fields keep their value. */
export const changeProduct = (scope: Scope, id: number, patch: ProductUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = await companyProduct(tx, companyId, id);
    await checkBillingPlan(tx, companyId, patch);
    const { id: _, companyId: __, billingPlanName: ___, ...stored } = before;
    const values = withTariff(applyPatch<ProductInput>(stored, patch));
    await updateProduct(tx, companyId, id, values);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'product.update',
      description: `Updated product ${values.name}.`,
      changes: diffFields(before, patch),
    });
    return companyProduct(tx, companyId, id);
  });

/** A product that clients hold stays; it can be made inactive instead. */
export const removeProduct = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const product = await companyProduct(tx, companyId, id);
    if (!(await deleteProductIfUnused(tx, companyId, id))) {
      throw new ConflictError('Clients hold this product. Make it inactive instead.');
    }
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'product.delete',
      description: `Deleted product ${product.name}.`,
    });
  });
