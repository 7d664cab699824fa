import { luhnCheckDigit, ROLES } from '@pd/contracts';

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
  /** A healthcare practice's practice number (printed on its medical accounts). */
  practiceNumber?: string;
  country: 'ZA' | 'UK';
  currency: string;
  supportEmail: string;
  users: DemoUser[];
  clients: DemoClient[];
}

export interface DemoClient {
  type: 'N' | 'J';
  name: string;
  firstName: string | null;
  lastName: string | null;
  status: 'A' | 'I' | 'P';
  mobile: string;
  email: string;
  gender: 'M' | 'F' | null;
  dob: string | null;
  idNumber: string | null;
  address1: string;
  addressRegion: string;
  addressState: string;
  addressPostalCode: string;
  category: string;
}

interface Place {
  street: string;
  region: string;
  state: string;
  postalCode: string;
}

/**
 * Valid-looking people from a comma-separated list of "First Last" names: statuses mixed, South African
 * ID numbers that pass the checks.
 */
function people(names: string, country: 'ZA' | 'UK', places: Place[], mobilePrefix: string): DemoClient[] {
  return names.split(', ').map((full, i) => {
    const [firstName = '', lastName = ''] = full.split(' ');
    const place = places[i % places.length] as Place;
    const year = 1950 + ((i * 7) % 50);
    const dob = `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    const gender = i % 2 === 0 ? 'F' : 'M';
    const first12 = `${dob.slice(2, 4)}${dob.slice(5, 7)}${dob.slice(8, 10)}${gender === 'F' ? '0' : '5'}${String(100 + i).padStart(3, '0')}08`;
    return {
      type: 'N',
      name: full,
      firstName,
      lastName,
      status: i % 7 === 5 ? 'I' : i % 7 === 6 ? 'P' : 'A',
      mobile: `${mobilePrefix}${String(1000000 + i * 7919).slice(-7)}`,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      gender,
      dob,
      idNumber: country === 'ZA' ? `${first12}${luhnCheckDigit(first12)}` : null,
      address1: `${12 + i * 3} ${place.street}`,
      addressRegion: place.region,
      addressState: place.state,
      addressPostalCode: place.postalCode,
      category: i % 3 === 0 ? 'Private' : i % 3 === 1 ? 'Medical aid' : 'Referral',
    };
  });
}

function business(name: string, email: string, mobile: string, place: Place): DemoClient {
  return {
    type: 'J',
    name,
    firstName: null,
    lastName: null,
    status: 'A',
    mobile,
    email,
    gender: null,
    dob: null,
    idNumber: null,
    address1: `1 ${place.street}`,
    addressRegion: place.region,
    addressState: place.state,
    addressPostalCode: place.postalCode,
    category: 'Business',
  };
}

const ZA_PLACES: Place[] = [
  { street: 'Oxford Road', region: 'Rosebank', state: 'Gauteng', postalCode: '2196' },
  { street: 'Main Road', region: 'Claremont', state: 'Western Cape', postalCode: '7708' },
  { street: 'Florida Road', region: 'Morningside', state: 'Kwa-Zulu Natal', postalCode: '4001' },
];
const UK_PLACES: Place[] = [
  { street: 'High Street', region: 'Richmond', state: 'Surrey', postalCode: 'TW9 1DN' },
  { street: 'Station Road', region: 'Reading', state: 'Berkshire', postalCode: 'RG1 1LX' },
];

/** Users for every role of spec section 6, one administrator, one without rights, one without invoicing. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Rosebank Physiotherapy Practice',
    type: 'H',
    taxRegistered: 'Y',
    vatNumber: '4123456789',
    practiceNumber: '0720000',
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
    clients: [
      ...people(
        'Anele Zulu, Bongani Mthembu, Charlene Jacobs, Dumisani Nkosi, Elize Pretorius, Farah Essop, Gugu Sithole, Hendrik Steyn, Imran Moosa, Jabu Radebe, Karabo Molefe, Lindiwe Cele',
        'ZA',
        ZA_PLACES,
        '+2782',
      ),
      business('Sandton Mining Ltd', 'accounts@sandtonmining.example', '+27115550100', ZA_PLACES[0] as Place),
    ],
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
    clients: [
      ...people(
        'Alice Smith, Benjamin Jones, Charlotte Taylor, Daniel Brown, Emily Wilson, Frederick Davies, Hannah Evans, Isaac Thomas, Jessica Roberts, John Smithson',
        'UK',
        UK_PLACES,
        '+44771',
      ),
      business(
        'Richmond Bakery Ltd',
        'office@richmondbakery.example',
        '+447911123456',
        UK_PLACES[0] as Place,
      ),
    ],
  },
];
