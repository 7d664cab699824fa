import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

const text = z.string().nullable();
const partyRow = z.object({
  id: z.number(),
  name: z.string(),
  address1: text,
  address2: text,
  region: text,
  state: text,
  postalCode: text,
  country: text,
  email: text,
  taxNumber: text,
  rafLinkNumber: text,
});
export type PartyRow = z.infer<typeof partyRow>;

/** The invoice's parties (client, bill-to) as printed: address, e-mail, tax number, RAF link. */
export async function partyRows(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, PartyRow>> {
  const rows = await selectRows(
    tx,
    partyRow,
    sql`select c.id, c.name, c.address1, c.address2, c.address_region as region, c.address_state as state,
               c.address_postal_code as "postalCode", c.address_country as country, c.email,
               case when c.tax_registered = 'Y' then c.tax_number end as "taxNumber",
               nullif(trim(cc.raf_link_number), '') as "rafLinkNumber"
          from clients c
          left join client_configs cc on cc.company_id = c.company_id and cc.client_id = c.id
         where c.company_id = ${companyId} and c.id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
