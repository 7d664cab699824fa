import { processes } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

/** Demo processes: a physiotherapy practice (type H) and a financial adviser (type F). */
export const DEMO_PROCESSES: Record<'H' | 'F', { name: string; description: string }[]> = {
  H: [
    { name: 'New patient intake', description: 'Forms, consent and first appointment for a new patient.' },
    { name: 'Medical aid claim', description: 'Submit and follow up claims with the medical scheme.' },
    {
      name: 'Pre-authorisation',
      description: 'Obtain authorisation from the medical scheme before treatment.',
    },
    { name: 'Referral report', description: 'Progress or discharge report to the referring doctor.' },
    { name: 'Unpaid account follow-up', description: 'Remind and follow up outstanding patient accounts.' },
  ],
  F: [
    { name: 'Client onboarding', description: 'Identity checks, terms of business and fact find.' },
    { name: 'Annual review', description: 'Yearly review of circumstances, risk profile and portfolio.' },
    { name: 'Pension transfer', description: 'Transfer analysis, recommendation and provider paperwork.' },
    {
      name: 'Protection application',
      description: 'Life and income protection applications and underwriting.',
    },
    { name: 'Claims support', description: 'Help the client through a claim with the provider.' },
  ],
};

export async function insertDemoProcesses(tx: Tx, companyId: number, type: 'H' | 'F'): Promise<void> {
  await tx.insert(processes).values(DEMO_PROCESSES[type].map((p) => ({ companyId, ...p })));
}
