import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';

const companyDay = z.object({
  id: z.number(),
  region: z.string(),
  billingDay: z.number(),
  /** The months (YYYY-MM) of the last two that have a finished run. */
  billed: z.array(z.string()),
});

/** Every company's billing day and recently billed months: the scheduler's one statement across companies. */
export const companiesWithBillingDay = (tx: Tx) =>
  selectRows(
    tx,
    companyDay,
    sql`
        select c.id, c.region, coalesce(s.billing_day, 1) as "billingDay",
               coalesce((select array_agg(to_char(r.period_start, 'YYYY-MM')) from billing_runs r
                          where r.company_id = c.id and r.status = 'done'
                            and r.period_start >= (now() - interval '62 days')::date), '{}') as billed
          from companies c left join billing_settings s on s.company_id = c.id`,
  );
