import type { ReminderForecast } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { readForecastData } from './forecast.queries.ts';
import { samplePreview } from './preview.ts';
import { companyOf } from './reminder-company.ts';

/**
 * The next 7 days' SMS cost per day against today's prepaid balance: one statement reads the counts, the
 * company and the templates; each template is estimated once (typical values, as its preview counts it).
 */
export const forecast = (scope: Scope) =>
  inTenant(scope, async (tx): Promise<ReminderForecast> => {
    const { companyId } = scope.principal;
    const data = mustExist(await readForecastData(tx, companyId), 'Company');
    const company = companyOf(companyId, data, data);
    const estimate = new Map(data.templates.map((t) => [t.id, samplePreview(company, t)]));
    let cumulative = 0;
    let firstShortDate: string | null = null;
    const days = data.dates.map((date, i) => {
      const own = data.counts.filter((c) => c.day === i);
      const sms = own.filter((c) => c.channel === 'sms');
      const sum = (of: (c: (typeof sms)[number]) => number) => sms.reduce((n, c) => n + c.n * of(c), 0);
      const costCents = sum((c) => estimate.get(c.templateId)?.costCents ?? 0);
      cumulative += costCents;
      const covered = cumulative <= data.balanceCents;
      if (!covered && firstShortDate === null) firstShortDate = date;
      return {
        date,
        sms: sum(() => 1),
        email: own.filter((c) => c.channel === 'email').reduce((n, c) => n + c.n, 0),
        segments: sum((c) => estimate.get(c.templateId)?.segments ?? 0),
        costCents,
        cumulativeCents: cumulative,
        covered,
      };
    });
    return {
      timeZone: company.timeZone,
      balanceCents: data.balanceCents,
      segmentPriceCents: data.segmentPriceCents,
      days,
      totalCostCents: cumulative,
      shortfallCents: Math.max(0, cumulative - data.balanceCents),
      firstShortDate,
    };
  });
