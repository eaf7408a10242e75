import type { Random } from './random.ts';

/** Given names of a Berlin tech company's staff: mostly German, with an international mix (and names that test sorting: Ågren, Özdemir, Østergaard, Łukasz, Şahin). */
// biome-ignore format: a compact list of names reads better than one per line
export const FIRST_NAMES = [
  'Anna', 'Lena', 'Lea', 'Hannah', 'Sophie', 'Marie', 'Laura', 'Julia', 'Katharina', 'Johanna',
  'Clara', 'Emma', 'Mia', 'Charlotte', 'Franziska', 'Sabine', 'Petra', 'Miriam', 'Nina', 'Carla',
  'Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Paul', 'Tobias', 'Niklas', 'Florian', 'Moritz',
  'Jan', 'Tim', 'Philipp', 'Sebastian', 'Matthias', 'Stefan', 'Christian', 'Thomas', 'Alexander', 'David',
  'Ayşe', 'Emre', 'Can', 'Elif', 'Mehmet', 'Zeynep', 'Piotr', 'Katarzyna', 'Marta', 'Tomasz',
  'Sofía', 'Mateo', 'Lucía', 'Pablo', 'Giulia', 'Luca', 'Chiara', 'Matteo', 'Camille', 'Louis',
  'Chloé', 'Hugo', 'Olivia', 'James', 'Amelia', 'Oliver', 'Priya', 'Arjun', 'Ananya', 'Rohan',
  'Wei', 'Mei', 'Yuki', 'Haruto', 'Ji-woo', 'Min-jun', 'Amara', 'Kwame', 'Fatima', 'Omar',
  'Ingrid', 'Łukasz', 'Sanne', 'Daan', 'Eva', 'Jakub', 'Dimitra', 'Nikos', 'Olga', 'Andrii',
] as const;

// biome-ignore format: a compact list of names reads better than one per line
export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann',
  'Köhler', 'Herrmann', 'Walter', 'König', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Ågren',
  'Yılmaz', 'Özdemir', 'Demir', 'Şahin', 'Nowak', 'Kowalski', 'Wiśniewska', 'García', 'Fernández', 'López',
  'Rossi', 'Russo', 'Bianchi', 'Martin', 'Bernard', 'Dubois', 'Smith', 'Jones', 'Taylor', 'Brown',
  'Patel', 'Sharma', 'Iyer', 'Wang', 'Li', 'Chen', 'Tanaka', 'Sato', 'Kim', 'Park',
  'Okafor', 'Mensah', 'Haddad', 'Nilsson', 'Østergaard', 'de Vries', 'Jansen', 'Novák', 'Papadopoulos', 'Kovalenko',
] as const;

export const DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Finance',
  'People',
  'Operations',
  'Customer Success',
  'Design',
  'Legal',
  'IT',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Relative head count per department of a ~150-person software company. */
export const DEPARTMENT_WEIGHTS: readonly (readonly [Department, number])[] = [
  ['Engineering', 34],
  ['Sales', 18],
  ['Marketing', 9],
  ['Finance', 6],
  ['People', 5],
  ['Operations', 7],
  ['Customer Success', 11],
  ['Design', 6],
  ['Legal', 2],
  ['IT', 2],
];

export const POSITIONS: Record<Department, readonly string[]> = {
  Engineering: [
    'Software Engineer',
    'Senior Software Engineer',
    'Staff Engineer',
    'Frontend Engineer',
    'Backend Engineer',
    'Engineering Manager',
    'QA Engineer',
    'DevOps Engineer',
    'Data Engineer',
    'Mobile Engineer',
  ],
  Sales: [
    'Account Executive',
    'Senior Account Executive',
    'Sales Development Representative',
    'Head of Sales',
    'Sales Operations Manager',
  ],
  Marketing: [
    'Content Marketing Manager',
    'Performance Marketing Manager',
    'Product Marketing Manager',
    'Head of Marketing',
    'Marketing Working Student',
  ],
  Finance: ['Accountant', 'Financial Controller', 'Head of Finance', 'Payroll Specialist'],
  People: ['People Partner', 'Talent Acquisition Manager', 'Recruiter', 'Head of People'],
  Operations: ['Operations Manager', 'Office Manager', 'Business Analyst', 'Chief Operating Officer'],
  'Customer Success': [
    'Customer Success Manager',
    'Support Engineer',
    'Onboarding Specialist',
    'Head of Customer Success',
  ],
  Design: ['Product Designer', 'Senior Product Designer', 'UX Researcher', 'Brand Designer'],
  Legal: ['Legal Counsel', 'Data Protection Officer'],
  IT: ['IT Administrator', 'IT Support Specialist', 'Head of IT'],
};

export const OFFICE_LOCATIONS = ['Berlin', 'Munich', 'Hamburg', 'Remote'] as const;
export type OfficeLocation = (typeof OFFICE_LOCATIONS)[number];
/** Where unassigned and shared devices are kept. */
export const OFFICE_CITIES = ['Berlin', 'Munich', 'Hamburg'] as const satisfies readonly OfficeLocation[];
export const LOCATION_WEIGHTS: readonly (readonly [OfficeLocation, number])[] = [
  ['Berlin', 50],
  ['Munich', 20],
  ['Hamburg', 15],
  ['Remote', 15],
];

/** Street addresses of the offices, used as delivery addresses. */
export const OFFICE_ADDRESSES: Record<
  Exclude<OfficeLocation, 'Remote'>,
  { address: string; postalCode: string }
> = {
  Berlin: { address: 'Torstraße 49', postalCode: '10119' },
  Munich: { address: 'Leopoldstraße 28', postalCode: '80802' },
  Hamburg: { address: 'Große Elbstraße 145', postalCode: '22767' },
};

export const LICENSES = ['Google Workspace Business Standard', 'Microsoft 365 E3'] as const;

export interface PersonName {
  firstName: string;
  lastName: string;
}

export function randomPerson(random: Random): PersonName {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

/** `anna.müller` → `anna.mueller`: email local parts keep to ASCII. */
export function emailLocalPart({ firstName, lastName }: PersonName): string {
  return `${firstName}.${lastName}`
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9.]+/g, '-');
}

/** Hands out unique addresses: a second Anna Müller becomes anna.mueller2@… */
export class EmailAllocator {
  private readonly used = new Set<string>();

  constructor(readonly domain: string) {}

  reserve(email: string): void {
    this.used.add(email.toLowerCase());
  }

  next(person: PersonName): string {
    const local = emailLocalPart(person);
    for (let n = 1; ; n++) {
      const email = `${local}${n === 1 ? '' : n}@${this.domain}`;
      if (!this.used.has(email)) {
        this.used.add(email);
        return email;
      }
    }
  }
}

const MOBILE_PREFIXES = [
  '151',
  '152',
  '157',
  '160',
  '162',
  '170',
  '171',
  '172',
  '173',
  '175',
  '176',
  '177',
  '178',
  '179',
];

/** A German mobile number as people type it, e.g. "+49 171 2345678". */
export function germanMobileNumber(random: Random): string {
  return `+49 ${random.pick(MOBILE_PREFIXES)} ${random.int(1, 9)}${random.digits(6)}`;
}
