import type { AssetKindCode } from '@equip/domain/assets';

/** Peripheral kinds the demo's models have: the fixed kinds of SPEC §3 and one of the organisation's own. */
export const ASSET_KINDS = [
  'Monitor',
  'Keyboard',
  'Mouse',
  'Headset',
  'Headphones',
  'Webcam',
  'Docking station',
  'Printer',
] as const;
export type AssetKindName = (typeof ASSET_KINDS)[number];

/** Each kind's fixed kind (decision 027); docking stations are an organisation kind refining `unknown`. */
export const KIND_CODES: Record<AssetKindName, AssetKindCode> = {
  Monitor: 'monitor',
  Keyboard: 'keyboard',
  Mouse: 'mouse',
  Headset: 'headset',
  Headphones: 'headphones',
  Webcam: 'webcam',
  'Docking station': 'unknown',
  Printer: 'printer',
};

/** The kinds the demo organisation named itself (asset_kinds rows). */
export const ORGANIZATION_KINDS: readonly AssetKindName[] = ['Docking station'];

export interface PeripheralModel {
  name: string;
  kind: AssetKindName;
  vendor: string;
  modelNumber: string;
  properties: { key: string; value: string }[];
  /** How many the organisation owns, relative to the other models. */
  weight: number;
  /** Shared equipment (printers) is never assigned to a person. */
  shared?: boolean;
  serialPrefix: string;
}

export const PERIPHERAL_MODELS: readonly PeripheralModel[] = [
  {
    name: 'Dell UltraSharp 27 4K',
    kind: 'Monitor',
    vendor: 'Dell',
    modelNumber: 'U2723QE',
    properties: [
      { key: 'Screen size', value: '27"' },
      { key: 'Resolution', value: '3840 × 2160' },
      { key: 'Ports', value: 'USB-C (90 W), HDMI, DisplayPort' },
    ],
    weight: 14,
    serialPrefix: 'CN0',
  },
  {
    name: 'LG UltraFine 27',
    kind: 'Monitor',
    vendor: 'LG',
    modelNumber: '27UQ850-W',
    properties: [
      { key: 'Screen size', value: '27"' },
      { key: 'Resolution', value: '3840 × 2160' },
    ],
    weight: 8,
    serialPrefix: '312NT',
  },
  {
    name: 'Apple Magic Keyboard with Touch ID (DE)',
    kind: 'Keyboard',
    vendor: 'Apple',
    modelNumber: 'MK293D/A',
    properties: [{ key: 'Layout', value: 'German (QWERTZ)' }],
    weight: 8,
    serialPrefix: 'F0T',
  },
  {
    name: 'Logitech MX Keys S',
    kind: 'Keyboard',
    vendor: 'Logitech',
    modelNumber: '920-011569',
    properties: [{ key: 'Layout', value: 'German (QWERTZ)' }],
    weight: 9,
    serialPrefix: '2315LZ',
  },
  {
    name: 'Logitech MX Master 3S',
    kind: 'Mouse',
    vendor: 'Logitech',
    modelNumber: '910-006559',
    properties: [{ key: 'Connection', value: 'Bluetooth, Logi Bolt' }],
    weight: 12,
    serialPrefix: '2322LZ',
  },
  {
    name: 'Apple Magic Mouse',
    kind: 'Mouse',
    vendor: 'Apple',
    modelNumber: 'MK2E3Z/A',
    properties: [{ key: 'Color', value: 'White' }],
    weight: 4,
    serialPrefix: 'CC2',
  },
  {
    name: 'Jabra Evolve2 65',
    kind: 'Headset',
    vendor: 'Jabra',
    modelNumber: '26599-989-999',
    properties: [{ key: 'Certification', value: 'Microsoft Teams' }],
    weight: 10,
    serialPrefix: 'JB',
  },
  {
    name: 'Poly Voyager Focus 2',
    kind: 'Headset',
    vendor: 'Poly',
    modelNumber: '213727-01',
    properties: [{ key: 'Noise cancelling', value: 'Active' }],
    weight: 5,
    serialPrefix: 'PV',
  },
  {
    name: 'Sony WH-1000XM5',
    kind: 'Headphones',
    vendor: 'Sony',
    modelNumber: 'WH1000XM5B.CE7',
    properties: [{ key: 'Color', value: 'Black' }],
    weight: 4,
    serialPrefix: 'S01',
  },
  {
    name: 'Logitech Brio 4K',
    kind: 'Webcam',
    vendor: 'Logitech',
    modelNumber: '960-001106',
    properties: [{ key: 'Resolution', value: '4K UHD' }],
    weight: 6,
    serialPrefix: '2241LZ',
  },
  {
    name: 'Elgato Facecam',
    kind: 'Webcam',
    vendor: 'Elgato',
    modelNumber: '10WAA9901',
    properties: [{ key: 'Resolution', value: '1080p60' }],
    weight: 2,
    serialPrefix: 'EL',
  },
  {
    name: 'CalDigit TS4',
    kind: 'Docking station',
    vendor: 'CalDigit',
    modelNumber: 'TS4-EU',
    properties: [{ key: 'Connection', value: 'Thunderbolt 4' }],
    weight: 7,
    serialPrefix: 'CD4',
  },
  {
    name: 'Dell Thunderbolt Dock',
    kind: 'Docking station',
    vendor: 'Dell',
    modelNumber: 'WD22TB4',
    properties: [{ key: 'Connection', value: 'Thunderbolt 4' }],
    weight: 5,
    serialPrefix: 'CN0',
  },
  {
    name: 'Brother HL-L3270CDW',
    kind: 'Printer',
    vendor: 'Brother',
    modelNumber: 'HLL3270CDWG1',
    properties: [{ key: 'Type', value: 'Colour laser' }],
    weight: 2,
    shared: true,
    serialPrefix: 'E7',
  },
  {
    name: 'HP LaserJet Pro M404dn',
    kind: 'Printer',
    vendor: 'HP',
    modelNumber: 'W1A53A',
    properties: [{ key: 'Type', value: 'Mono laser' }],
    weight: 2,
    shared: true,
    serialPrefix: 'PHB',
  },
];
