import { ROLES } from '@pd/contracts';

export const DEMO_PASSWORD = 'Demo!2026';

export interface DemoUser {
  username: string;
  displayName: string;
  roles: string[];
  rights?: 'A';
  enableInvoicing?: 'N';
}

export interface DemoCompany {
  name: string;
  type: 'H' | 'F';
  taxRegistered: 'Y' | 'N';
  vatNumber: string | null;
  country: 'ZA' | 'UK';
  currency: string;
  supportEmail: string;
  users: DemoUser[];
  clients: { firstName: string; lastName: string; status: 'A' | 'I' | 'P'; mobile: string; email: string }[];
}

const people = (names: string[], domain: string, prefix: string) =>
  names.map((full, i) => {
    const [firstName = '', lastName = ''] = full.split(' ');
    return {
      firstName,
      lastName,
      status: (i % 7 === 5 ? 'I' : i % 7 === 6 ? 'P' : 'A') as 'A' | 'I' | 'P',
      mobile: `${prefix}${String(1000000 + i * 7919).slice(-7)}`,
      email: `${firstName}.${lastName}@${domain}`.toLowerCase(),
    };
  });

/** Users for every role of spec section 6, one administrator, one without rights, one without invoicing. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Rosebank Physiotherapy Practice',
    type: 'H',
    taxRegistered: 'Y',
    vatNumber: '4123456789',
    country: 'ZA',
    currency: 'ZAR',
    supportEmail: 'support@practicedesk.example',
    users: [
      { username: 'za.admin', displayName: 'Thandi Mokoena', roles: [ROLES.practice], rights: 'A' },
      { username: 'za.reception', displayName: 'Lerato Dlamini', roles: [ROLES.practice] },
      { username: 'za.evolve', displayName: 'Sipho Ndlovu', roles: [ROLES.evolve] },
      { username: 'za.rise', displayName: 'Pieter van Wyk', roles: [ROLES.rise], enableInvoicing: 'N' },
      { username: 'za.learn', displayName: 'Ayesha Patel', roles: [ROLES.learn] },
      { username: 'za.web', displayName: 'Johan Botha', roles: [ROLES.web] },
      { username: 'za.user', displayName: 'Nomsa Khumalo', roles: [ROLES.user] },
    ],
    clients: people(
      [
        'Anele Zulu',
        'Bongani Mthembu',
        'Charlene Jacobs',
        'Dumisani Nkosi',
        'Elize Pretorius',
        'Farah Essop',
        'Gugu Sithole',
        'Hendrik Steyn',
        'Imran Moosa',
        'Jabu Radebe',
        'Karabo Molefe',
        'Lindiwe Cele',
      ],
      'example.co.za',
      '+2782',
    ),
  },
  {
    name: 'Thames Wealth Advisers',
    type: 'F',
    taxRegistered: 'N',
    vatNumber: null,
    country: 'UK',
    currency: 'GBP',
    supportEmail: 'support@practicedesk.example',
    users: [
      { username: 'uk.admin', displayName: 'Eleanor Hughes', roles: [ROLES.rise], rights: 'A' },
      { username: 'uk.adviser', displayName: 'Oliver Bennett', roles: [ROLES.rise] },
      { username: 'uk.noinvoice', displayName: 'Grace Turner', roles: [ROLES.rise], enableInvoicing: 'N' },
      { username: 'uk.evolve', displayName: 'Harry Walker', roles: [ROLES.evolve] },
      { username: 'uk.practice', displayName: 'Amelia Clarke', roles: [ROLES.practice] },
      { username: 'uk.learn', displayName: 'Jack Robinson', roles: [ROLES.learn] },
      { username: 'uk.web', displayName: 'Isla Wright', roles: [ROLES.web] },
      { username: 'uk.user', displayName: 'George Hall', roles: [ROLES.user] },
    ],
    clients: people(
      [
        'Alice Smith',
        'Benjamin Jones',
        'Charlotte Taylor',
        'Daniel Brown',
        'Emily Wilson',
        'Frederick Davies',
        'Hannah Evans',
        'Isaac Thomas',
        'Jessica Roberts',
      ],
      'example.co.uk',
      '+447700',
    ),
  },
];
