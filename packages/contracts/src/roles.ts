// Spec sections 2 and 6: module home and menu variant by role.
export const ROLES = {
  evolve: 'ROLE_ISOEVOLVE',
  practice: 'ROLE_ISOPRACTICE',
  rise: 'ROLE_ISORISE',
  learn: 'ROLE_ISOLEARN',
  web: 'ROLE_ISOWEB',
  user: 'ROLE_USER',
} as const;
export const KNOWN_ROLES = Object.values(ROLES);

export const MODULE_HOMES = [
  'msOverviewHome',
  'pmOverviewHome',
  'faOverviewHome',
  'sbOverviewHome',
  'siOverview',
  'userOverview',
] as const;
export type ModuleHome = (typeof MODULE_HOMES)[number];

/** The first matching role wins, in the order evolve, practice, rise, learn, web, default. */
const HOME_ORDER: ReadonlyArray<readonly [string, ModuleHome]> = [
  [ROLES.evolve, 'msOverviewHome'],
  [ROLES.practice, 'pmOverviewHome'],
  [ROLES.rise, 'faOverviewHome'],
  [ROLES.learn, 'sbOverviewHome'],
  [ROLES.web, 'siOverview'],
];

export function moduleHomeFor(roles: readonly string[]): ModuleHome {
  for (const [role, home] of HOME_ORDER) if (roles.includes(role)) return home;
  return 'userOverview';
}

export const MODULE_TITLES: Record<ModuleHome, string> = {
  msOverviewHome: 'Evolve overview',
  pmOverviewHome: 'Practice overview',
  faOverviewHome: 'Financial adviser overview',
  sbOverviewHome: 'Learn overview',
  siOverview: 'Simply Investing overview',
  userOverview: 'Overview',
};

export type MenuVariant = 'practice' | 'evolve' | 'business';

/** Evolve is checked first, matching the module-home order. */
export function menuVariantFor(roles: readonly string[]): MenuVariant {
  if (roles.includes(ROLES.evolve)) return 'evolve';
  if (roles.includes(ROLES.practice)) return 'practice';
  return 'business';
}

export interface MenuEntry {
  label: string;
  route: string;
}

const ALL_ENTRIES: MenuEntry[] = [
  { label: 'Clients', route: '/commonClients' },
  { label: 'Appointments', route: '/commonAppointments' },
  { label: 'Reminders', route: '/commonReminders' },
  { label: 'Prospects', route: '/commonProspects' },
  { label: 'Phone Calls', route: '/commonPhoneCalls' },
  { label: 'Forms', route: '/commonDigitalForms' },
];

/** The practice variant has no Prospects (spec section 1). */
export function menuEntriesFor(variant: MenuVariant): MenuEntry[] {
  return variant === 'practice' ? ALL_ENTRIES.filter((e) => e.route !== '/commonProspects') : ALL_ENTRIES;
}

export function isAdministrator(user: { rights: string }): boolean {
  return user.rights === 'A';
}
