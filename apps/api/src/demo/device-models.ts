import type { DeviceOs, DeviceType } from '@equip/domain/devices';
import type { Random } from './random.ts';

export interface DeviceModel {
  model: string;
  /** Short form used in names of unassigned devices, e.g. ACME-MBP14-0042. */
  code: string;
  manufacturer: string;
  type: DeviceType;
  os: DeviceOs;
  osVersions: readonly string[];
  /** Relative frequency within its device type. */
  weight: number;
  serialNumber: (random: Random) => string;
  specification: (random: Random) => Record<string, string>;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** Apple's randomised serial numbers (since 2021) avoid vowels and easily confused letters. */
const APPLE_ALPHABET = 'BCDFGHJKLMNPQRTVWXY0123456789';

const serial =
  (prefix: string, length: number, alphabet = ALPHANUMERIC) =>
  (random: Random) =>
    prefix + random.chars(alphabet, length);

const MACOS_VERSIONS = ['14.6.1', '14.7.2', '15.1.1', '15.2', '15.3'];
const WINDOWS_VERSIONS = ['10 22H2 (19045.5247)', '11 23H2 (22631.4602)', '11 24H2 (26100.2605)'];
const IOS_VERSIONS = ['17.6.1', '17.7.2', '18.1.1', '18.2', '18.3'];
const ANDROID_VERSIONS = ['Android 14', 'Android 15'];
const LINUX_VERSIONS = ['Ubuntu 22.04 LTS', 'Ubuntu 24.04 LTS', 'Fedora 41'];

const spec =
  (options: {
    chip: readonly string[];
    memory: readonly string[];
    storage: readonly string[];
    screen?: string;
    color?: readonly string[];
  }) =>
  (random: Random): Record<string, string> => {
    const result: Record<string, string> = {
      chip: random.pick(options.chip),
      memory: random.pick(options.memory),
      storage: random.pick(options.storage),
    };
    if (options.screen) result.screenSize = options.screen;
    if (options.color) result.color = random.pick(options.color);
    return result;
  };

const APPLE_LAPTOP_COLORS = ['Space Black', 'Silver', 'Midnight', 'Starlight', 'Space Grey'];
const IPHONE_COLORS = ['Black', 'Blue', 'Green', 'Pink', 'Natural Titanium', 'Black Titanium'];

export const DEVICE_MODELS: readonly DeviceModel[] = [
  {
    model: 'MacBook Pro 14" M3',
    code: 'MBP14',
    manufacturer: 'Apple',
    type: 'COMPUTER',
    os: 'MACOS',
    osVersions: MACOS_VERSIONS,
    weight: 30,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['Apple M3', 'Apple M3 Pro'],
      memory: ['18 GB', '36 GB'],
      storage: ['512 GB', '1 TB'],
      screen: '14.2"',
      color: ['Space Black', 'Silver'],
    }),
  },
  {
    model: 'MacBook Pro 16" M3 Max',
    code: 'MBP16',
    manufacturer: 'Apple',
    type: 'COMPUTER',
    os: 'MACOS',
    osVersions: MACOS_VERSIONS,
    weight: 8,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['Apple M3 Max'],
      memory: ['36 GB', '48 GB'],
      storage: ['1 TB', '2 TB'],
      screen: '16.2"',
      color: ['Space Black'],
    }),
  },
  {
    model: 'MacBook Air 13" M2',
    code: 'MBA13',
    manufacturer: 'Apple',
    type: 'COMPUTER',
    os: 'MACOS',
    osVersions: MACOS_VERSIONS,
    weight: 14,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['Apple M2'],
      memory: ['8 GB', '16 GB'],
      storage: ['256 GB', '512 GB'],
      screen: '13.6"',
      color: APPLE_LAPTOP_COLORS,
    }),
  },
  {
    model: 'MacBook Air 15" M3',
    code: 'MBA15',
    manufacturer: 'Apple',
    type: 'COMPUTER',
    os: 'MACOS',
    osVersions: MACOS_VERSIONS,
    weight: 8,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['Apple M3'],
      memory: ['16 GB', '24 GB'],
      storage: ['512 GB'],
      screen: '15.3"',
      color: APPLE_LAPTOP_COLORS,
    }),
  },
  {
    model: 'Dell Latitude 7440',
    code: 'LAT74',
    manufacturer: 'Dell',
    type: 'COMPUTER',
    os: 'WINDOWS',
    osVersions: WINDOWS_VERSIONS,
    weight: 14,
    serialNumber: serial('', 7),
    specification: spec({
      chip: ['Intel Core i5-1345U', 'Intel Core i7-1365U'],
      memory: ['16 GB', '32 GB'],
      storage: ['512 GB'],
      screen: '14"',
    }),
  },
  {
    model: 'Lenovo ThinkPad X1 Carbon Gen 11',
    code: 'X1C',
    manufacturer: 'Lenovo',
    type: 'COMPUTER',
    os: 'WINDOWS',
    osVersions: WINDOWS_VERSIONS,
    weight: 10,
    serialNumber: serial('PF', 6),
    specification: spec({
      chip: ['Intel Core i7-1355U', 'Intel Core i7-1365U'],
      memory: ['16 GB', '32 GB'],
      storage: ['512 GB', '1 TB'],
      screen: '14"',
    }),
  },
  {
    model: 'HP EliteBook 840 G10',
    code: 'EB840',
    manufacturer: 'HP',
    type: 'COMPUTER',
    os: 'WINDOWS',
    osVersions: WINDOWS_VERSIONS,
    weight: 5,
    serialNumber: serial('5CG', 7),
    specification: spec({
      chip: ['Intel Core i5-1335U', 'Intel Core i7-1355U'],
      memory: ['16 GB'],
      storage: ['512 GB'],
      screen: '14"',
    }),
  },
  {
    model: 'Lenovo ThinkPad P16s (Linux)',
    code: 'P16S',
    manufacturer: 'Lenovo',
    type: 'COMPUTER',
    os: 'UNKNOWN',
    osVersions: LINUX_VERSIONS,
    weight: 3,
    serialNumber: serial('PF', 6),
    specification: spec({
      chip: ['AMD Ryzen 7 PRO 7840U'],
      memory: ['32 GB', '64 GB'],
      storage: ['1 TB'],
      screen: '16"',
    }),
  },
  {
    model: 'iPhone 15',
    code: 'IP15',
    manufacturer: 'Apple',
    type: 'PHONE',
    os: 'IOS',
    osVersions: IOS_VERSIONS,
    weight: 30,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['A16 Bionic'],
      memory: ['6 GB'],
      storage: ['128 GB', '256 GB'],
      screen: '6.1"',
      color: IPHONE_COLORS.slice(0, 4),
    }),
  },
  {
    model: 'iPhone 15 Pro',
    code: 'IP15P',
    manufacturer: 'Apple',
    type: 'PHONE',
    os: 'IOS',
    osVersions: IOS_VERSIONS,
    weight: 12,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['A17 Pro'],
      memory: ['8 GB'],
      storage: ['256 GB', '512 GB'],
      screen: '6.1"',
      color: IPHONE_COLORS.slice(4),
    }),
  },
  {
    model: 'iPhone SE (3rd generation)',
    code: 'IPSE',
    manufacturer: 'Apple',
    type: 'PHONE',
    os: 'IOS',
    osVersions: IOS_VERSIONS,
    weight: 8,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['A15 Bionic'],
      memory: ['4 GB'],
      storage: ['64 GB', '128 GB'],
      screen: '4.7"',
    }),
  },
  {
    model: 'Samsung Galaxy S24',
    code: 'GS24',
    manufacturer: 'Samsung',
    type: 'PHONE',
    os: 'UNKNOWN',
    osVersions: ANDROID_VERSIONS,
    weight: 12,
    serialNumber: serial('R5CW', 7),
    specification: spec({
      chip: ['Exynos 2400'],
      memory: ['8 GB'],
      storage: ['128 GB', '256 GB'],
      screen: '6.2"',
      color: ['Onyx Black', 'Marble Grey'],
    }),
  },
  {
    model: 'Google Pixel 8',
    code: 'PX8',
    manufacturer: 'Google',
    type: 'PHONE',
    os: 'UNKNOWN',
    osVersions: ANDROID_VERSIONS,
    weight: 5,
    serialNumber: serial('3A', 9),
    specification: spec({
      chip: ['Google Tensor G3'],
      memory: ['8 GB'],
      storage: ['128 GB'],
      screen: '6.2"',
      color: ['Obsidian', 'Hazel'],
    }),
  },
  {
    model: 'iPad Air 11" (M2)',
    code: 'IPADAIR',
    manufacturer: 'Apple',
    type: 'TABLET',
    os: 'IOS',
    osVersions: IOS_VERSIONS,
    weight: 12,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['Apple M2'],
      memory: ['8 GB'],
      storage: ['128 GB', '256 GB'],
      screen: '11"',
      color: ['Space Grey', 'Blue', 'Starlight'],
    }),
  },
  {
    model: 'iPad (10th generation)',
    code: 'IPAD10',
    manufacturer: 'Apple',
    type: 'TABLET',
    os: 'IOS',
    osVersions: IOS_VERSIONS,
    weight: 10,
    serialNumber: serial('', 10, APPLE_ALPHABET),
    specification: spec({
      chip: ['A14 Bionic'],
      memory: ['4 GB'],
      storage: ['64 GB'],
      screen: '10.9"',
      color: ['Silver', 'Blue'],
    }),
  },
  {
    model: 'Microsoft Surface Pro 10',
    code: 'SURF10',
    manufacturer: 'Microsoft',
    type: 'TABLET',
    os: 'WINDOWS',
    osVersions: WINDOWS_VERSIONS.slice(1),
    weight: 5,
    serialNumber: serial('0', 11, '0123456789'),
    specification: spec({
      chip: ['Intel Core Ultra 5 135U', 'Intel Core Ultra 7 165U'],
      memory: ['16 GB'],
      storage: ['256 GB', '512 GB'],
      screen: '13"',
    }),
  },
  {
    model: 'Samsung Galaxy Tab S9',
    code: 'TABS9',
    manufacturer: 'Samsung',
    type: 'TABLET',
    os: 'UNKNOWN',
    osVersions: ANDROID_VERSIONS,
    weight: 3,
    serialNumber: serial('R52W', 7),
    specification: spec({
      chip: ['Snapdragon 8 Gen 2'],
      memory: ['8 GB'],
      storage: ['128 GB'],
      screen: '11"',
      color: ['Graphite'],
    }),
  },
];

export function modelsOfType(type: DeviceType): DeviceModel[] {
  return DEVICE_MODELS.filter((m) => m.type === type);
}

/** A model of the given type (and operating system, if given), weighted by popularity. */
export function pickModel(random: Random, type: DeviceType, os?: DeviceOs): DeviceModel {
  const candidates = modelsOfType(type).filter((m) => !os || m.os === os);
  if (candidates.length === 0) throw new Error(`No ${type} model runs ${os}`);
  return random.weighted(candidates.map((m) => [m, m.weight] as const));
}
