import type { AppointmentType } from '@pd/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appointmentTypePractitioners, appointmentTypes } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';

const typeRow = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  durationMinutes: z.number(),
  minMinutes: z.number(),
  maxMinutes: z.number(),
  colour: z.string(),
  bufferAfterMinutes: z.number(),
  productId: z.number().nullable(),
  productName: z.string().nullable(),
  billingPlanId: z.number().nullable(),
  billingPlanName: z.string().nullable(),
  priceCents: z.number().nullable(),
  tariffCode: z.string().nullable(),
  noShowFeeCents: z.number().nullable(),
  lateCancelFeeCents: z.number().nullable(),
  practitionerIds: z.array(z.number()),
  active: z.enum(['Y', 'N']),
});

const SELECT = sql`
  select t.id, t.company_id as "companyId", t.name, t.duration_minutes as "durationMinutes",
         t.min_minutes as "minMinutes", t.max_minutes as "maxMinutes", t.colour,
         t.buffer_after_minutes as "bufferAfterMinutes", t.product_id as "productId", p.name as "productName",
         t.billing_plan_id as "billingPlanId", bp.name as "billingPlanName",
         coalesce(p.premium, bp.amount) as "priceCents", t.tariff_code as "tariffCode",
         t.no_show_fee_cents as "noShowFeeCents", t.late_cancel_fee_cents as "lateCancelFeeCents",
         coalesce((select array_agg(tp.user_id::float8 order by tp.user_id) from appointment_type_practitioners tp
                    where tp.company_id = t.company_id and tp.type_id = t.id), '{}') as "practitionerIds",
         t.active
    from appointment_types t
    left join products p on p.company_id = t.company_id and p.id = t.product_id
    left join billing_plans bp on bp.company_id = t.company_id and bp.id = t.billing_plan_id`;

export const selectTypes = (tx: Tx, companyId: number): Promise<AppointmentType[]> =>
  selectRows(tx, typeRow, sql`${SELECT} where t.company_id = ${companyId} order by t.name, t.id`);

export const findType = (tx: Tx, companyId: number, id: number): Promise<AppointmentType | undefined> =>
  selectRow(tx, typeRow, sql`${SELECT} where t.company_id = ${companyId} and t.id = ${id}`);

export type TypeValues = Omit<
  AppointmentType,
  'id' | 'companyId' | 'productName' | 'billingPlanName' | 'priceCents' | 'practitionerIds'
>;

export async function insertType(tx: Tx, companyId: number, v: TypeValues) {
  const [row] = await tx
    .insert(appointmentTypes)
    .values({ ...v, companyId })
    .returning({ id: appointmentTypes.id });
  return mustExist(row, 'appointment type').id;
}

export async function updateType(tx: Tx, companyId: number, id: number, v: TypeValues) {
  await tx
    .update(appointmentTypes)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, id)));
}

export async function replaceTypePractitioners(tx: Tx, companyId: number, typeId: number, userIds: number[]) {
  await tx
    .delete(appointmentTypePractitioners)
    .where(
      and(
        eq(appointmentTypePractitioners.companyId, companyId),
        eq(appointmentTypePractitioners.typeId, typeId),
      ),
    );
  if (userIds.length === 0) return;
  await tx
    .insert(appointmentTypePractitioners)
    .values([...new Set(userIds)].map((userId) => ({ companyId, typeId, userId })));
}

/** How many of the ids are practitioners of the company. */
export async function countPractitioners(tx: Tx, companyId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await selectRow(
    tx,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from practitioners
         where company_id = ${companyId} and user_id = any(${`{${[...new Set(userIds)].join(',')}}`}::bigint[])`,
  );
  return row?.n ?? 0;
}

export async function productExists(tx: Tx, companyId: number, id: number) {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`select id from products where company_id = ${companyId} and id = ${id}`,
  );
  return Boolean(row);
}

export async function billingPlanExists(tx: Tx, companyId: number, id: number) {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`select id from billing_plans where company_id = ${companyId} and id = ${id}`,
  );
  return Boolean(row);
}

export async function typeInUse(tx: Tx, companyId: number, id: number) {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`select id from appointments where company_id = ${companyId} and type_id = ${id} limit 1`,
  );
  return Boolean(row);
}

export async function deleteType(tx: Tx, companyId: number, id: number) {
  await execute(tx, sql`delete from appointment_types where company_id = ${companyId} and id = ${id}`);
}
