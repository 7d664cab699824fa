import type { IntakeReport } from '@pd/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The last import's report, kept while the page moves from the import panel (tab 26) to the list
 * (tab 1), where it is shown until the user closes it.
 */
let current: IntakeReport | null = null;
const listeners = new Set<() => void>();

function set(report: IntakeReport | null): void {
  current = report;
  for (const listener of listeners) listener();
}

export const intakeReports = {
  show: (report: IntakeReport) => set(report),
  clear: () => set(null),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLastIntakeReport = () => useSyncExternalStore(subscribe, () => current);
