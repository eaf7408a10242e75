import type { DeviceOs, DeviceType } from '@equip/domain/devices';

/** The provider's general hardware catalog: what an organisation can order. */
export interface CatalogHardware {
  label: string;
  deviceType: DeviceType;
  operatingSystem: DeviceOs;
  manufacturer: string;
  modelName: string;
  specifications: CatalogHardwareSpecification[];
}

export interface CatalogHardwareSpecification {
  screenSize?: string;
  chip?: string;
  memory?: string;
  storage?: string;
  color?: string;
  keyboardLanguage?: string;
  purchaseType: 'one-time-purchase' | 'rent';
  /** Price in cents: the purchase price, or the monthly rate when rented. */
  priceCents: number;
}

/** Every laptop comes with a German or a US keyboard, bought or rented. */
function laptopOffers(
  base: Omit<CatalogHardwareSpecification, 'purchaseType' | 'priceCents' | 'keyboardLanguage'>,
  priceCents: number,
  monthlyRentCents: number,
): CatalogHardwareSpecification[] {
  return [
    { ...base, keyboardLanguage: 'German', purchaseType: 'one-time-purchase', priceCents },
    { ...base, keyboardLanguage: 'English (US)', purchaseType: 'one-time-purchase', priceCents },
    { ...base, keyboardLanguage: 'German', purchaseType: 'rent', priceCents: monthlyRentCents },
  ];
}

export const HARDWARE_CATALOG: readonly CatalogHardware[] = [
  {
    label: 'MacBook Air 13" M3',
    deviceType: 'COMPUTER',
    operatingSystem: 'MACOS',
    manufacturer: 'Apple',
    modelName: 'MacBook Air 13" (M3, 2024)',
    specifications: laptopOffers(
      { screenSize: '13.6"', chip: 'Apple M3', memory: '16 GB', storage: '512 GB', color: 'Midnight' },
      149_900,
      5_490,
    ),
  },
  {
    label: 'MacBook Pro 14" M3 Pro',
    deviceType: 'COMPUTER',
    operatingSystem: 'MACOS',
    manufacturer: 'Apple',
    modelName: 'MacBook Pro 14" (M3 Pro, 2023)',
    specifications: [
      ...laptopOffers(
        {
          screenSize: '14.2"',
          chip: 'Apple M3 Pro',
          memory: '18 GB',
          storage: '512 GB',
          color: 'Space Black',
        },
        239_900,
        8_490,
      ),
      {
        screenSize: '14.2"',
        chip: 'Apple M3 Pro',
        memory: '36 GB',
        storage: '1 TB',
        color: 'Space Black',
        keyboardLanguage: 'German',
        purchaseType: 'one-time-purchase',
        priceCents: 299_900,
      },
    ],
  },
  {
    label: 'Dell Latitude 7440',
    deviceType: 'COMPUTER',
    operatingSystem: 'WINDOWS',
    manufacturer: 'Dell',
    modelName: 'Latitude 7440',
    specifications: laptopOffers(
      { screenSize: '14"', chip: 'Intel Core i7-1365U', memory: '32 GB', storage: '512 GB' },
      189_000,
      6_990,
    ),
  },
  {
    label: 'Lenovo ThinkPad X1 Carbon Gen 12',
    deviceType: 'COMPUTER',
    operatingSystem: 'WINDOWS',
    manufacturer: 'Lenovo',
    modelName: 'ThinkPad X1 Carbon Gen 12',
    specifications: laptopOffers(
      {
        screenSize: '14"',
        chip: 'Intel Core Ultra 7 155U',
        memory: '32 GB',
        storage: '1 TB',
        color: 'Black',
      },
      219_000,
      7_990,
    ),
  },
  {
    label: 'iPhone 15',
    deviceType: 'PHONE',
    operatingSystem: 'IOS',
    manufacturer: 'Apple',
    modelName: 'iPhone 15',
    specifications: [
      {
        screenSize: '6.1"',
        storage: '128 GB',
        color: 'Black',
        purchaseType: 'one-time-purchase',
        priceCents: 79_900,
      },
      {
        screenSize: '6.1"',
        storage: '256 GB',
        color: 'Blue',
        purchaseType: 'one-time-purchase',
        priceCents: 92_900,
      },
      { screenSize: '6.1"', storage: '128 GB', color: 'Black', purchaseType: 'rent', priceCents: 3_290 },
    ],
  },
  {
    label: 'Samsung Galaxy S24',
    deviceType: 'PHONE',
    operatingSystem: 'UNKNOWN',
    manufacturer: 'Samsung',
    modelName: 'Galaxy S24',
    specifications: [
      {
        screenSize: '6.2"',
        storage: '256 GB',
        color: 'Onyx Black',
        purchaseType: 'one-time-purchase',
        priceCents: 84_900,
      },
    ],
  },
  {
    label: 'iPad Air 11" M2',
    deviceType: 'TABLET',
    operatingSystem: 'IOS',
    manufacturer: 'Apple',
    modelName: 'iPad Air 11" (M2, 2024)',
    specifications: [
      {
        screenSize: '11"',
        chip: 'Apple M2',
        storage: '128 GB',
        color: 'Space Grey',
        purchaseType: 'one-time-purchase',
        priceCents: 69_900,
      },
      {
        screenSize: '11"',
        chip: 'Apple M2',
        storage: '256 GB',
        color: 'Starlight',
        purchaseType: 'one-time-purchase',
        priceCents: 82_900,
      },
    ],
  },
  {
    label: 'Microsoft Surface Pro 10',
    deviceType: 'TABLET',
    operatingSystem: 'WINDOWS',
    manufacturer: 'Microsoft',
    modelName: 'Surface Pro 10 for Business',
    specifications: [
      {
        screenSize: '13"',
        chip: 'Intel Core Ultra 5 135U',
        memory: '16 GB',
        storage: '256 GB',
        color: 'Platinum',
        purchaseType: 'one-time-purchase',
        priceCents: 159_900,
      },
    ],
  },
];
