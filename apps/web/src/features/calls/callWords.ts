import { CALL_OUTCOME_LABELS, type CallOutcome } from '@pd/contracts';

export const outcomeLabel = (outcome: CallOutcome) => CALL_OUTCOME_LABELS[outcome];
export const directionLabel = (direction: 'in' | 'out') => (direction === 'in' ? 'Incoming' : 'Outgoing');

/** How long a callback has waited: "3 min", "2 h 5 min", "4 days 3 h". */
export function waited(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ${hours % 24} h`;
}
