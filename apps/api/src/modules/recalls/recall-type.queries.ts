import { type RecallType, recallTypeSchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { ids, isoOf } from '../reminders/sql-helpers.ts';

const iso = (column: string) => isoOf(sql.raw(column));

const SELECT = sql`
  select rt.id, rt.name, rt.interval_value as "intervalValue", rt.interval_unit as "intervalUnit",
         rt.template_id as "templateId", t.name as "templateName", t.channel, to_json(rt.ladder) as ladder,
         coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
                     from recall_type_products tp
                     join products p on p.company_id = tp.company_id and p.id = tp.product_id
                    where tp.company_id = rt.company_id and tp.type_id = rt.id), '[]') as products,
         (select count(*)::int from recalls r
           where r.company_id = rt.company_id and r.type_id = rt.id and r.status in ('due', 'notified')) as "openRecalls",
         ${iso('rt.created_at')} as created, ${iso('rt.updated_at')} as updated
    from recall_types rt
    join reminder_templates t on t.company_id = rt.company_id and t.id = rt.template_id`;

export const selectRecallTypes = (tx: Tx, companyId: number): Promise<RecallType[]> =>
  selectRows(
    tx,
    recallTypeSchema,
    sql`${SELECT} where rt.company_id = ${companyId} and rt.deleted_at is null order by lower(rt.name), rt.id`,
  );

/** A recall type that is not deleted; `lock` holds it until the transaction ends. */
export const findRecallType = (tx: Tx, companyId: number, id: number, lock = false) =>
  selectRow(
    tx,
    recallTypeSchema,
    sql`${SELECT} where rt.company_id = ${companyId} and rt.id = ${id} and rt.deleted_at is null
        ${lock ? sql`for update of rt` : sql``}`,
  );

export interface RecallTypeValues {
  name: string;
  intervalValue: number;
  intervalUnit: string;
  templateId: number;
  ladder: number[];
}

const ladderParam = (ladder: number[]) => sql`${sql.param(ladder)}::int[]`;

export async function insertRecallType(tx: Tx, companyId: number, v: RecallTypeValues): Promise<number> {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`insert into recall_types (company_id, name, interval_value, interval_unit, template_id, ladder)
        values (${companyId}, ${v.name}, ${v.intervalValue}, ${v.intervalUnit}, ${v.templateId}, ${ladderParam(v.ladder)})
        returning id`,
  );
  return mustExist(row, 'recall type').id;
}

export const updateRecallType = (tx: Tx, companyId: number, id: number, v: RecallTypeValues) =>
  execute(
    tx,
    sql`update recall_types
           set name = ${v.name}, interval_value = ${v.intervalValue}, interval_unit = ${v.intervalUnit},
               template_id = ${v.templateId}, ladder = ${ladderParam(v.ladder)}, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );

/** Recalls keep their type: a deletion hides it and stops its products starting recalls. */
export async function softDeleteRecallType(tx: Tx, companyId: number, id: number) {
  await execute(
    tx,
    sql`delete from recall_type_products where company_id = ${companyId} and type_id = ${id}`,
  );
  await execute(
    tx,
    sql`update recall_types set deleted_at = now(), updated_at = now()
         where company_id = ${companyId} and id = ${id} and deleted_at is null`,
  );
}

/** The type's products become exactly these (the unique key refuses one another type has). */
export async function replaceTypeProducts(tx: Tx, companyId: number, typeId: number, productIds: number[]) {
  await execute(
    tx,
    sql`delete from recall_type_products
         where company_id = ${companyId} and type_id = ${typeId} and product_id <> all(${ids(productIds)})`,
  );
  if (productIds.length === 0) return;
  await execute(
    tx,
    sql`insert into recall_type_products (company_id, type_id, product_id)
        select ${companyId}, ${typeId}, p from unnest(${ids(productIds)}) as p
         where not exists (select 1 from recall_type_products x
                            where x.company_id = ${companyId} and x.type_id = ${typeId} and x.product_id = p)`,
  );
}

/** The company's products among the ids (names, to say which one is taken). */
export const companyProducts = (tx: Tx, companyId: number, productIds: number[]) =>
  selectRows(
    tx,
    z.object({ id: z.number(), name: z.string(), typeId: z.number().nullable() }),
    sql`select p.id, p.name,
               (select tp.type_id from recall_type_products tp
                 where tp.company_id = p.company_id and tp.product_id = p.id) as "typeId"
          from products p where p.company_id = ${companyId} and p.id = any(${ids(productIds)})`,
  );

/** How many live recall types send with the template (such a template keeps a recall's merge fields). */
export async function recallTypesUsing(tx: Tx, companyId: number, templateId: number): Promise<number> {
  const row = await selectRow(
    tx,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from recall_types
         where company_id = ${companyId} and template_id = ${templateId} and deleted_at is null`,
  );
  return row?.n ?? 0;
}
