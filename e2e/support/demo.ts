/** Demo data created by the API on first start (apps/api/src/seed/demo-data.ts). */
export const DEMO_PASSWORD = 'Demo!2026';

export const ZA_COMPANY = 'Rosebank Physiotherapy Practice';
export const UK_COMPANY = 'Thames Wealth Advisers';

export interface RoleCase {
  username: string;
  displayName: string;
  company: string;
  hash: string;
  title: string;
  variant: 'practice' | 'evolve' | 'business';
}

// Written out by hand (not computed with the contracts helpers) so a wrong rule there fails here.
export const ROLE_CASES: RoleCase[] = [
  {
    username: 'za.reception',
    displayName: 'Lerato Dlamini',
    company: ZA_COMPANY,
    hash: '#/pmOverviewHome',
    title: 'Practice overview',
    variant: 'practice',
  },
  {
    username: 'za.evolve',
    displayName: 'Sipho Ndlovu',
    company: ZA_COMPANY,
    hash: '#/msOverviewHome',
    title: 'Evolve overview',
    variant: 'evolve',
  },
  {
    username: 'za.admin',
    displayName: 'Thandi Mokoena',
    company: ZA_COMPANY,
    hash: '#/pmOverviewHome',
    title: 'Practice overview',
    variant: 'practice',
  },
  {
    username: 'za.rise',
    displayName: 'Pieter van Wyk',
    company: ZA_COMPANY,
    hash: '#/faOverviewHome',
    title: 'Financial adviser overview',
    variant: 'business',
  },
  {
    username: 'za.learn',
    displayName: 'Ayesha Patel',
    company: ZA_COMPANY,
    hash: '#/sbOverviewHome',
    title: 'Learn overview',
    variant: 'business',
  },
  {
    username: 'za.web',
    displayName: 'Johan Botha',
    company: ZA_COMPANY,
    hash: '#/siOverview',
    title: 'Simply Investing overview',
    variant: 'business',
  },
  {
    username: 'za.user',
    displayName: 'Nomsa Khumalo',
    company: ZA_COMPANY,
    hash: '#/userOverview',
    title: 'Overview',
    variant: 'business',
  },
  {
    username: 'uk.practice',
    displayName: 'Amelia Clarke',
    company: UK_COMPANY,
    hash: '#/pmOverviewHome',
    title: 'Practice overview',
    variant: 'practice',
  },
  {
    username: 'uk.admin',
    displayName: 'Eleanor Hughes',
    company: UK_COMPANY,
    hash: '#/faOverviewHome',
    title: 'Financial adviser overview',
    variant: 'business',
  },
];

export const ALL_AREAS = ['Clients', 'Appointments', 'Reminders', 'Prospects', 'Phone Calls', 'Forms'];
export const PRACTICE_AREAS = ALL_AREAS.filter((area) => area !== 'Prospects');

export function roleCase(username: string): RoleCase {
  const found = ROLE_CASES.find((c) => c.username === username);
  if (!found) throw new Error(`No demo role case for ${username}`);
  return found;
}
