import type { RunSummary } from '@pd/contracts';
import { monthLabel } from './billingSchemas.ts';

export const KIND_LABELS = { billing: 'Billing', unpaid: 'Unpaid' } as const;

const STATUS_LABELS: Record<string, string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** The run's status in words; one the screen does not know shows as the API gives it. */
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** A billing run's month ("December 2026"); an unpaid run has no period. */
export const periodLabel = (run: RunSummary) => (run.periodStart ? monthLabel(run.periodStart) : '—');

/** "Billing run 12 (December 2026)" or "Unpaid run 3". */
export function runTitle(run: RunSummary): string {
  const name = `${KIND_LABELS[run.kind]} run ${run.runId}`;
  return run.periodStart ? `${name} (${monthLabel(run.periodStart)})` : name;
}
