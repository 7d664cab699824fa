import { REMINDER_FORECAST_DAYS, timeZoneFor } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { smsCreditAccounts } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';
import { practitionerForPreview, settingsRow } from './settings.queries.ts';

const DEFAULT_SEGMENT_PRICE = Number(smsCreditAccounts.segmentPriceCents.default ?? 0);
/** The company's zone as timeZoneFor picks it, in SQL (every region but ZA is London). */
const zoneOf = (region: ReturnType<typeof sql>) =>
  sql`case when ${region} = 'ZA' then ${timeZoneFor('ZA')} else ${timeZoneFor('UK')} end`;

const forecastData = settingsRow.extend({
  balanceCents: z.number(),
  segmentPriceCents: z.number(),
  /** Today and the six days after it (company zone), YYYY-MM-DD. */
  dates: z.array(z.string()),
  templates: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(['sms', 'email']),
      subject: z.string().nullable(),
      body: z.string(),
    }),
  ),
  /** Pending dispatches by day (0: today with everything overdue) and template. */
  counts: z.array(z.object({ day: z.number(), templateId: z.number(), channel: z.string(), n: z.number() })),
});
export type ForecastData = z.infer<typeof forecastData>;

/**
 * Everything the 7-day forecast needs in one statement: the company (zone, balance, price, the preview's
 * values), the pending dispatches due before the end of the 7th day counted by day and template, and those
 * templates. Days are cut with width_bucket over the six day starts (a binary search per row); counting is
 * done on the dispatches alone and only the few counted groups meet the rules and templates.
 */
export const readForecastData = (tx: Tx, companyId: number) =>
  selectRow(
    tx,
    forecastData,
    sql`with co as (
          select c.name, c.region, c.currency, s.address, s.cancel_instruction,
                 ${practitionerForPreview(sql`c.id`)} as practitioner,
                 coalesce(a.balance_cents, 0)::float8 as balance,
                 coalesce(a.segment_price_cents, ${DEFAULT_SEGMENT_PRICE})::int as price,
                 (now() at time zone ${zoneOf(sql`c.region`)})::date as today, ${zoneOf(sql`c.region`)} as tz
            from companies c
            left join reminder_settings s on s.company_id = c.id
            left join sms_credit_accounts a on a.company_id = c.id
           where c.id = ${companyId}),
        days as (
          select i, (co.today + i)::timestamp at time zone co.tz as start, to_char(co.today + i, 'YYYY-MM-DD') as date
            from co, generate_series(0, ${REMINDER_FORECAST_DAYS}) i),
        counted as (
          select width_bucket(d.due_at, (select array_agg(start order by i) from days
                                          where i between 1 and ${REMINDER_FORECAST_DAYS - 1})) as day,
                 d.rule_id, count(*)::int as n
            from reminder_dispatches d
           where d.company_id = ${companyId} and d.status = 'pending'
             and d.due_at < (select start from days where i = ${REMINDER_FORECAST_DAYS})
           group by 1, 2),
        by_template as (
          select k.day, r.template_id, r.channel, sum(k.n)::int as n
            from counted k join reminder_rules r on r.company_id = ${companyId} and r.id = k.rule_id
           group by 1, 2, 3)
        select co.name, co.region, co.currency, co.address, co.cancel_instruction as "cancelInstruction",
               co.practitioner, co.balance as "balanceCents", co.price as "segmentPriceCents",
               (select json_agg(date order by i) from days where i < ${REMINDER_FORECAST_DAYS}) as dates,
               coalesce((select json_agg(json_build_object('id', t.id, 'channel', t.channel, 'subject', t.subject,
                                                           'body', t.body))
                           from reminder_templates t
                          where t.company_id = ${companyId}
                            and t.id in (select template_id from by_template)), '[]') as templates,
               coalesce((select json_agg(json_build_object('day', b.day, 'templateId', b.template_id,
                                                           'channel', b.channel, 'n', b.n))
                           from by_template b), '[]') as counts
          from co`,
  );
