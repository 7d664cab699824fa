import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type AgeingBucket, type RevenueMonth } from '@pd/contracts';

/** The charts' text summaries, shared by the Reports page and the module homes (kept small: the home loads it). */

/** The age analysis in words: each bucket's amount and share of the total (the chart's text summary). */
export function bucketSummary(
  totals: Record<AgeingBucket | 'totalCents', number>,
  money: (c: number) => string,
) {
  if (totals.totalCents === 0) return 'Nothing outstanding.';
  const parts = AGEING_BUCKETS.map(
    (b) =>
      `${AGEING_BUCKET_LABELS[b]} ${money(totals[b])} (${Math.round((totals[b] / totals.totalCents) * 100)}%)`,
  );
  return `${money(totals.totalCents)} outstanding: ${parts.join(', ')}.`;
}

/** The months in words: the best month invoiced, and the last month against the one before (the chart's summary). */
export function monthsSummary(
  months: Pick<RevenueMonth, 'month' | 'invoicedCents' | 'paidCents'>[],
  money: (c: number) => string,
) {
  const last = months.at(-1);
  if (!last) return 'No months.';
  const best = months.reduce((a, b) => (b.invoicedCents > a.invoicedCents ? b : a), last);
  const before = months.at(-2);
  const against = before
    ? `; ${before.month}: ${money(before.invoicedCents)} invoiced, ${money(before.paidCents)} paid`
    : '';
  return `${last.month}: ${money(last.invoicedCents)} invoiced, ${money(last.paidCents)} paid${against}. Most invoiced: ${best.month}, ${money(best.invoicedCents)}.`;
}

/** A series over periods in words: the last period against the one before, and the highest (a chart's summary). */
export function seriesSummary(
  what: string,
  periods: { period: string; value: number }[],
  format: (value: number) => string,
) {
  const last = periods.at(-1);
  if (!last) return 'No periods.';
  const before = periods.at(-2);
  const best = periods.reduce((a, b) => (b.value > a.value ? b : a), last);
  const against = before ? ` (${before.period}: ${format(before.value)})` : '';
  return `${what} ${last.period}: ${format(last.value)}${against}. Highest: ${best.period}, ${format(best.value)}.`;
}

/** A share (0.75) as the percentage a chart plots (75.0); no working time or appointments plots as 0. */
export const percentOf = (share: number | null) => Math.round((share ?? 0) * 1000) / 10;
