import type { BillingFrequency } from '@pd/contracts';

export const FREQUENCY_LABELS: Record<BillingFrequency, string> = {
  once: 'Once',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};
