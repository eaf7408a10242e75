import { z } from 'zod';
import {
  type AssetKindCode,
  CreateAssetDefinitionRequest,
  AssetKindCode as KindCode,
  NewAssetItem,
} from './assets.ts';
import { entriesToCsv } from './csv-import/export.ts';
import { DEFAULT_IMPORT_LIMITS } from './csv-import/limits.ts';
import type { ImportEntry, ImportRowError, ImportSchema } from './csv-import/schema.ts';
import type { ImportValidationResult } from './csv-import/validate.ts';
import { emailKey } from './employee-import.ts';

/**
 * The peripheral asset import format (issue 28 item 4; SPEC §3 asset CSV, §4, §5, §8): a column schema
 * for the shared import machinery (`csv-import/`). One row is one item of a model: the model's name
 * (required), vendor, model number and kind; the item's assignee (an email or a full name of a person
 * of the organisation), serial number and notes; custom properties of the model in columns headed
 * `property:<key>` and of the item in columns headed `item property:<key>`.
 */
export const ASSET_CSV_COLUMNS = [
  { field: 'name', header: 'Name', required: true, aliases: ['Asset', 'Asset Name', 'Bezeichnung'] },
  { field: 'vendor', header: 'Vendor', required: false, aliases: ['Manufacturer', 'Hersteller'] },
  { field: 'model', header: 'Model', required: false, aliases: ['Model Number', 'Modell', 'Modellnummer'] },
  { field: 'kind', header: 'Kind', required: false, aliases: ['Type', 'Asset Kind', 'Art', 'Typ'] },
  {
    field: 'assignedTo',
    header: 'Assigned To',
    required: false,
    aliases: ['Assignee', 'Employee', 'Zugewiesen an'],
  },
  {
    field: 'serialNumber',
    header: 'Serial Number',
    required: false,
    aliases: ['Serial', 'S/N', 'Seriennummer'],
  },
  { field: 'notes', header: 'Notes', required: false, aliases: ['Note', 'Notizen'] },
] as const satisfies readonly {
  field: string;
  header: string;
  required: boolean;
  aliases?: readonly string[];
}[];

export type AssetCsvField = (typeof ASSET_CSV_COLUMNS)[number]['field'];
/** One row as read from the file: the columns, and each custom property under its header's key. */
export type AssetCsvEntry = ImportEntry<AssetCsvField>;

/** The header convention of custom properties: of the model, and of each item. */
export const PROPERTY_PREFIX = 'property:';
export const ITEM_PROPERTY_PREFIX = 'item property:';
const PROPERTY_HEADER = /^\s*(item[\s_\-.]*property|property)\s*:(.*)$/i;

/**
 * The entry key a custom property header is read into (`Property: Colour` → `property:Colour`), null
 * for such a header without a key, undefined for any other header.
 */
export function propertyColumn(header: string): string | null | undefined {
  const match = PROPERTY_HEADER.exec(header);
  if (!match) return undefined;
  const key = match[2]!.trim();
  if (!key) return null;
  return `${/^item/i.test(match[1]!) ? ITEM_PROPERTY_PREFIX : PROPERTY_PREFIX}${key}`;
}

export const AssetImportRowErrorType = z.enum([
  'AccountWithEmailDoesNotExist',
  'AccountWithNameDoesNotExist',
  'ZodValidationError',
]);
export type AssetImportRowErrorType = z.infer<typeof AssetImportRowErrorType>;
export const AssetImportFileErrorType = z.enum(['FileHeadersInvalid', 'FileHeadersMissing', 'UnknownError']);
export type AssetImportFileErrorType = z.infer<typeof AssetImportFileErrorType>;
/** Errors of the all-or-nothing creation (SPEC §8). */
export const AssetBulkCreateErrorType = z.enum(['ZodValidationError', 'FailedToCreateError']);
export type AssetBulkCreateErrorType = z.infer<typeof AssetBulkCreateErrorType>;

export const AssetImportRowError = z.object({
  type: AssetImportRowErrorType,
  field: z.string().optional(),
  message: z.string(),
});
export type AssetImportRowError = z.infer<typeof AssetImportRowError>;

/** The validation result (SPEC §3): isValid, parsedHeaders, errors, rows (each with its errors). */
export const AssetImportValidationResult = z.object({
  isValid: z.boolean(),
  parsedHeaders: z.array(z.string()),
  errors: z.array(z.object({ type: AssetImportFileErrorType, message: z.string() })),
  rows: z.array(
    z.object({
      entry: z.record(z.string(), z.string().max(DEFAULT_IMPORT_LIMITS.cellLength)),
      errors: z.array(AssetImportRowError),
    }),
  ),
});
export type AssetImportValidationResult = z.infer<typeof AssetImportValidationResult>;

/** `GET /api/assets/export`: the separator (comma by default). */
export const AssetExportQuery = z.object({ separator: z.enum(['comma', 'semicolon']).default('comma') });
export type AssetExportQuery = z.infer<typeof AssetExportQuery>;

/**
 * `POST /api/assets/import/check`: which of the file's keys (assigneeKey, kindKey) name a person or an
 * organisation kind; the preview asks once per file, the commit checks again.
 */
export const AssetImportCheckRequest = z.object({
  assignedTo: z.array(z.string().max(1000)).max(200_000),
  kind: z.array(z.string().max(1000)).max(200_000),
});
export type AssetImportCheckRequest = z.infer<typeof AssetImportCheckRequest>;
export const AssetImportCheckResponse = z.object({
  assignedTo: z.array(z.string()),
  kind: z.array(z.string()),
});
export type AssetImportCheckResponse = z.infer<typeof AssetImportCheckResponse>;

/** How names are compared: case, Unicode forms and runs of spaces aside ("Ada  LOVELACE" is Ada Lovelace). */
const nameKey = (name: string) => name.trim().normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

const looksLikeEmail = (value: string) => value.includes('@');

/**
 * The key an "assigned to" cell is looked up by: `email:<email>` or `name:<full name>`, '' when the
 * cell is empty (the item stays in stock).
 */
export function assigneeKey(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return looksLikeEmail(v) ? `email:${emailKey(v)}` : `name:${nameKey(v)}`;
}

/** The keys a person is found by: their email, and their full name. */
export const personKeys = (person: { email: string; firstName: string; lastName: string }): string[] => [
  assigneeKey(person.email),
  assigneeKey(`${person.firstName} ${person.lastName}`),
];

/** The words the screens show for the fixed kinds, in English and German: a kind cell may use them too. */
const FIXED_KIND_WORDS: Record<AssetKindCode, readonly string[]> = {
  camera: ['Camera', 'Kamera'],
  webcam: ['Webcam'],
  mouse: ['Mouse', 'Maus'],
  keyboard: ['Keyboard', 'Tastatur'],
  monitor: ['Monitor'],
  headphones: ['Headphones', 'Kopfhörer'],
  headset: ['Headset'],
  printer: ['Printer', 'Drucker'],
  unknown: ['Other', 'Sonstiges'],
};
const FIXED_KIND_BY_WORD = new Map(
  Object.entries(FIXED_KIND_WORDS).flatMap(([code, words]) =>
    [code, ...words].map((word) => [nameKey(word), code as AssetKindCode] as const),
  ),
);

/**
 * The fixed kind a kind cell names (its code or its words, case aside; empty is unknown), or null when
 * it names an organisation kind (decision 027).
 */
export function fixedKindOf(value: string): AssetKindCode | null {
  if (!value.trim()) return 'unknown';
  return FIXED_KIND_BY_WORD.get(nameKey(value)) ?? null;
}

/** The key an organisation kind is looked up by ('' for an empty cell or a fixed kind). */
export const kindKey = (value: string): string => (fixedKindOf(value) ? '' : nameKey(value));

const DefinitionPart = CreateAssetDefinitionRequest.pick({
  name: true,
  vendor: true,
  modelNumber: true,
  properties: true,
});
const ItemPart = NewAssetItem.pick({ serialNumber: true, notes: true, properties: true });

/** One row to write: the model it is an item of, and the item. */
export interface ImportedAsset {
  definition: z.infer<typeof DefinitionPart> & {
    kind: AssetKindCode;
    /** An organisation kind's key (see kindKey), resolved by the server; null with a fixed kind. */
    organizationKind: string | null;
  };
  item: z.infer<typeof ItemPart> & {
    /** The assignee's key (see assigneeKey), resolved by the server; '' for none. */
    assignee: string;
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The custom properties of an entry with this prefix, with the entry key of each. */
function propertiesOf(entry: AssetCsvEntry, prefix: string) {
  return Object.entries(entry)
    .filter(([column, value]) => column.startsWith(prefix) && value.trim() !== '')
    .map(([column, value]) => ({ column, key: column.slice(prefix.length), value }));
}

/** The column of the entry a zod issue path of a definition or item points at. */
function columnOf(
  path: readonly PropertyKey[],
  names: Record<string, AssetCsvField>,
  properties: readonly { column: string }[],
): string {
  const [first, index] = path;
  if (first === 'properties') return properties[Number(index)]?.column ?? 'name';
  return names[String(first)] ?? 'name';
}

/** Checks one entry on its own (assignee and organisation kind are looked up across rows). */
export function validateAssetEntry(entry: AssetCsvEntry): {
  value: ImportedAsset | null;
  errors: ImportRowError[];
} {
  const errors: ImportRowError[] = [];
  const definitionProperties = propertiesOf(entry, PROPERTY_PREFIX);
  const itemProperties = propertiesOf(entry, ITEM_PROPERTY_PREFIX);
  const definition = DefinitionPart.safeParse({
    name: entry.name,
    vendor: orNull(entry.vendor),
    modelNumber: orNull(entry.model),
    properties: definitionProperties.map(({ key, value }) => ({ key, value })),
  });
  const item = ItemPart.safeParse({
    serialNumber: orNull(entry.serialNumber),
    notes: orNull(entry.notes),
    properties: itemProperties.map(({ key, value }) => ({ key, value })),
  });
  const collect = (
    issues: readonly z.core.$ZodIssue[],
    names: Record<string, AssetCsvField>,
    properties: readonly { column: string }[],
  ) => {
    for (const issue of issues) {
      const field = columnOf(issue.path, names, properties);
      if (errors.some((e) => e.field === field)) continue;
      const message =
        issue.code === 'too_small' && (entry[field] ?? '').trim() === '' ? 'Required' : issue.message;
      errors.push({ type: 'ZodValidationError', field, message });
    }
  };
  if (!definition.success)
    collect(
      definition.error.issues,
      { name: 'name', vendor: 'vendor', modelNumber: 'model' },
      definitionProperties,
    );
  if (!item.success)
    collect(item.error.issues, { serialNumber: 'serialNumber', notes: 'notes' }, itemProperties);
  if (!definition.success || !item.success) return { value: null, errors };
  const fixed = fixedKindOf(entry.kind);
  return {
    value: {
      definition: {
        ...definition.data,
        kind: fixed ?? 'unknown',
        organizationKind: fixed ? null : kindKey(entry.kind),
      },
      item: { ...item.data, assignee: assigneeKey(entry.assignedTo) },
    },
    errors,
  };
}

const FIXED_KINDS = KindCode.options.join(', ');

export const ASSET_HEADER_HINT =
  'The columns are Name, Vendor, Model, Kind, Assigned To, Serial Number and Notes; a custom property of the model is a column headed "property:<key>", one of each item "item property:<key>".';

/** The peripheral assets' column schema for the shared import machinery. */
export const ASSET_IMPORT: ImportSchema<AssetCsvField, ImportedAsset, 'parsedHeaders'> = {
  noun: { one: 'asset', other: 'assets' },
  columns: ASSET_CSV_COLUMNS,
  limits: DEFAULT_IMPORT_LIMITS,
  headerErrors: { missing: 'FileHeadersMissing', invalid: 'FileHeadersInvalid' },
  headersField: 'parsedHeaders',
  // The asset import is valid when no row has errors; an empty list counts as valid (SPEC §4).
  emptyIsValid: true,
  validateEntry: validateAssetEntry,
  unique: [],
  references: [
    {
      field: 'assignedTo',
      key: assigneeKey,
      missing: (value) =>
        looksLikeEmail(value)
          ? {
              type: 'AccountWithEmailDoesNotExist',
              field: 'assignedTo',
              message: 'No one in the organisation has this email',
            }
          : {
              type: 'AccountWithNameDoesNotExist',
              field: 'assignedTo',
              message: 'No one in the organisation has this name, or more than one person has: use the email',
            },
    },
    {
      field: 'kind',
      key: kindKey,
      missing: () => ({
        type: 'ZodValidationError',
        field: 'kind',
        message: `Not a kind: use ${FIXED_KINDS} or one of the organisation's kinds`,
      }),
    },
  ],
  extraColumn: propertyColumn,
  unknownHeaders: 'refuse',
  headerHint: ASSET_HEADER_HINT,
};

export type AssetImportResult = ImportValidationResult<AssetCsvField, 'parsedHeaders'>;

/** An item as the export writes it: its model, the model's organisation kind, its assignee's email. */
export interface ExportedAsset {
  name: string;
  vendor: string | null;
  modelNumber: string | null;
  kind: AssetKindCode;
  organizationKind: string | null;
  assigneeEmail: string | null;
  serialNumber: string | null;
  notes: string | null;
  definitionProperties: readonly { key: string; value: string }[];
  itemProperties: readonly { key: string; value: string }[];
}

/** An item as a row of the import format: what the export writes, so that it imports back unchanged. */
export function assetToCsvEntry(asset: ExportedAsset): AssetCsvEntry {
  return {
    name: asset.name,
    vendor: asset.vendor ?? '',
    model: asset.modelNumber ?? '',
    kind: asset.organizationKind ?? asset.kind,
    assignedTo: asset.assigneeEmail ?? '',
    serialNumber: asset.serialNumber ?? '',
    notes: asset.notes ?? '',
    ...Object.fromEntries(asset.definitionProperties.map((p) => [`${PROPERTY_PREFIX}${p.key}`, p.value])),
    ...Object.fromEntries(asset.itemProperties.map((p) => [`${ITEM_PROPERTY_PREFIX}${p.key}`, p.value])),
  };
}

/**
 * Items as CSV in the import format (formula-guarded; every row carries every property column, empty
 * where the item has none).
 */
export function assetsToCsv(assets: readonly ExportedAsset[], separator = ','): string {
  const entries = assets.map(assetToCsvEntry);
  const columns = new Set(entries.flatMap((entry) => Object.keys(entry)));
  const filled = entries.map((entry) => ({
    ...Object.fromEntries([...columns].map((column) => [column, ''])),
    ...entry,
  })) as AssetCsvEntry[];
  return entriesToCsv(ASSET_IMPORT, filled, separator);
}

/** The downloadable template: the columns, one custom property of each kind, and two example rows. */
export function assetImportTemplate(separator = ','): string {
  const row = (over: Partial<Record<string, string>>): AssetCsvEntry => ({
    name: '',
    vendor: '',
    model: '',
    kind: '',
    assignedTo: '',
    serialNumber: '',
    notes: '',
    [`${PROPERTY_PREFIX}Connector`]: '',
    [`${ITEM_PROPERTY_PREFIX}Purchased`]: '',
    ...over,
  });
  return entriesToCsv(
    ASSET_IMPORT,
    [
      row({
        name: 'UltraSharp 27',
        vendor: 'Dell',
        model: 'U2723QE',
        kind: 'monitor',
        assignedTo: 'ada@example.com',
        serialNumber: 'CN0ABC123',
        [`${PROPERTY_PREFIX}Connector`]: 'USB-C',
        [`${ITEM_PROPERTY_PREFIX}Purchased`]: '2026-01-15',
      }),
      row({
        name: 'MX Keys',
        vendor: 'Logitech',
        kind: 'keyboard',
        assignedTo: 'Grace Hopper',
        notes: 'German layout',
      }),
    ],
    separator,
  );
}
