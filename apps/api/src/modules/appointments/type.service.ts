import {
  type AppointmentType,
  type AppointmentTypeInput,
  type AppointmentTypeUpdate,
  appointmentTypeInputSchema,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { invalidField } from './diary-company.ts';
import {
  billingPlanExists,
  countPractitioners,
  deleteType,
  findType,
  insertType,
  productExists,
  replaceTypePractitioners,
  selectTypes,
  type TypeValues,
  typeInUse,
  updateType,
} from './type.queries.ts';

const audit = { subProcess: 'Client Management' as const };

export const listTypes = (scope: Scope) =>
  inTenant(scope, (tx) => selectTypes(tx, scope.principal.companyId));

export const getType = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) =>
    mustExist(await findType(tx, scope.principal.companyId, id), 'Appointment type'),
  );

/** Linked product, plan and practitioners must be the company's own: another company's id is a 400 here. */
async function checkReferences(tx: Tx, companyId: number, t: AppointmentTypeInput) {
  if (t.productId && !(await productExists(tx, companyId, t.productId)))
    throw invalidField('body.productId', 'Choose one of the company’s products.');
  if (t.billingPlanId && !(await billingPlanExists(tx, companyId, t.billingPlanId)))
    throw invalidField('body.billingPlanId', 'Choose one of the company’s billing plans.');
  const unique = [...new Set(t.practitionerIds)];
  if ((await countPractitioners(tx, companyId, unique)) !== unique.length)
    throw invalidField('body.practitionerIds', 'Choose the company’s practitioners.');
}

const values = (t: AppointmentTypeInput): TypeValues => ({
  name: t.name,
  durationMinutes: t.durationMinutes,
  minMinutes: t.minMinutes,
  maxMinutes: t.maxMinutes,
  colour: t.colour,
  bufferAfterMinutes: t.bufferAfterMinutes,
  productId: t.productId ?? null,
  billingPlanId: t.billingPlanId ?? null,
  tariffCode: t.tariffCode?.trim() ? t.tariffCode.trim() : null,
  noShowFeeCents: t.noShowFeeCents ?? null,
  lateCancelFeeCents: t.lateCancelFeeCents ?? null,
  active: t.active,
});

export const createType = (scope: Scope, input: AppointmentTypeInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await checkReferences(tx, companyId, input);
    const v = values(input);
    const id = await insertType(tx, companyId, v);
    await replaceTypePractitioners(tx, companyId, id, input.practitionerIds);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'appointment-type.create',
      description: `Added appointment type ${v.name}.`,
      changes: { typeId: id, ...v, practitionerIds: input.practitionerIds },
    });
    return mustExist(await findType(tx, companyId, id), 'Appointment type');
  });

/** Absent fields keep their value; the merged type is checked as on create. */
export const changeType = (scope: Scope, id: number, patch: AppointmentTypeUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before: AppointmentType = mustExist(await findType(tx, companyId, id), 'Appointment type');
    const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const {
      id: _id,
      companyId: _c,
      productName: _p,
      billingPlanName: _b,
      priceCents: _pc,
      ...current
    } = before;
    const merged = appointmentTypeInputSchema.safeParse({ ...current, ...sent });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      throw invalidField(`body.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'Invalid value.');
    }
    await checkReferences(tx, companyId, merged.data);
    const v = values(merged.data);
    const ids = (list: number[]) => [...new Set(list)].sort((a, b) => a - b).join(',');
    const changes = diffFields(
      { ...current, practitionerIds: ids(current.practitionerIds) },
      { ...v, practitionerIds: ids(merged.data.practitionerIds) },
    );
    if (Object.keys(changes).length === 0) return before;
    await updateType(tx, companyId, id, v);
    await replaceTypePractitioners(tx, companyId, id, merged.data.practitionerIds);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'appointment-type.update',
      description: `Updated appointment type ${v.name}.`,
      changes,
    });
    return mustExist(await findType(tx, companyId, id), 'Appointment type');
  });

/** A type that appointments use stays (set it inactive instead). */
export const removeType = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findType(tx, companyId, id), 'Appointment type');
    if (await typeInUse(tx, companyId, id))
      throw new ConflictError(
        `The appointment type "${before.name}" is in use and cannot be deleted; set it inactive instead.`,
      );
    await deleteType(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      ...audit,
      action: 'appointment-type.delete',
      description: `Deleted appointment type ${before.name}.`,
    });
  });
