import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

export interface ClientsCriteria {
  companyId: number;
  timeZone: string;
  /** The range's first instant and the first after it, company time zone. */
  start: Date;
  end: Date;
}

const monthCount = z.object({ month: z.string(), n: z.number() });

/**
 * Clients per month of an instant (company time zone), over all time: the report adds up the months before
 * the range for the clients on the books, so nothing is counted per month and client.
 */
const perMonth = (tx: Tx, c: ClientsCriteria, column: SQL) =>
  selectRows(
    tx,
    monthCount,
    sql`select to_char(${column} at time zone ${c.timeZone}, 'YYYY-MM') as month, count(*)::float8 as n
          from clients where company_id = ${c.companyId} and ${column} is not null group by 1 order by 1`,
  );

export const createdPerMonth = (tx: Tx, c: ClientsCriteria) => perMonth(tx, c, sql`created_at`);
export const deletedPerMonth = (tx: Tx, c: ClientsCriteria) => perMonth(tx, c, sql`deleted_at`);

const statusCounts = {
  active: sql`count(distinct c.id) filter (where c.status = 'A')::float8`,
  inactive: sql`count(distinct c.id) filter (where c.status = 'I')::float8`,
  pending: sql`count(distinct c.id) filter (where c.status = 'P')::float8`,
  total: sql`count(distinct c.id)::float8`,
};
const counts = z.object({ active: z.number(), inactive: z.number(), pending: z.number(), total: z.number() });

/** The live clients by status now. */
export const liveByStatus = (tx: Tx, c: ClientsCriteria) =>
  selectRows(
    tx,
    counts,
    sql`select ${statusCounts.active} as active, ${statusCounts.inactive} as inactive,
               ${statusCounts.pending} as pending, ${statusCounts.total} as total
          from clients c where c.company_id = ${c.companyId} and c.deleted_at is null`,
  );

/** A grouping of clients: the group's id, its name, and the joins that name it (from client c). */
export type ClientGrouping = 'medicalAid' | 'product';
const groupings: Record<ClientGrouping, { id: SQL; name: SQL; joins: SQL }> = {
  /** The provider of the client's healthcare details; "No medical aid" when none is named. */
  medicalAid: {
    id: sql`cc.provider_id`,
    name: sql`coalesce(p.name, 'No medical aid')`,
    joins: sql`left join client_configs cc on cc.company_id = c.company_id and cc.client_id = c.id
               left join providers p on p.company_id = c.company_id and p.id = cc.provider_id`,
  },
  /** Each product the client holds (not deleted): a client with two counts under both; "No product" else. */
  product: {
    id: sql`cp.product_id`,
    name: sql`coalesce(pr.name, 'No product')`,
    joins: sql`left join client_products cp on cp.company_id = c.company_id and cp.client_id = c.id
                                          and cp.deleted_at is null
               left join products pr on pr.company_id = c.company_id and pr.id = cp.product_id`,
  },
};

const groupRow = counts.extend({
  groupId: z.number().nullable(),
  groupName: z.string(),
  newClients: z.number(),
});

/** Per group: the live clients by status now, and those of them created in the range. */
export const liveByGroup = (tx: Tx, c: ClientsCriteria, by: ClientGrouping) =>
  selectRows(
    tx,
    groupRow,
    sql`select ${groupings[by].id}::float8 as "groupId", ${groupings[by].name} as "groupName",
               ${statusCounts.active} as active, ${statusCounts.inactive} as inactive,
               ${statusCounts.pending} as pending, ${statusCounts.total} as total,
               count(distinct c.id) filter (where c.created_at >= ${c.start.toISOString()}::timestamptz
                                              and c.created_at < ${c.end.toISOString()}::timestamptz)::float8
                 as "newClients"
          from clients c
          ${groupings[by].joins}
         where c.company_id = ${c.companyId} and c.deleted_at is null
         group by 1, 2
         order by total desc, 2, 1`,
  );
