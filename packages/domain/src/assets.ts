import { z } from 'zod';
import { IsoDateTime, pageOf, queryArray, searchableListQuery, Uuid } from './common.ts';

/**
 * Peripheral assets (issue 28, decision 027): the nine fixed kinds of SPEC §3 on every definition,
 * organisation kinds refining one of them, definitions (a model the organisation keeps) and items (one
 * physical piece, in stock or with a person).
 */

export const AssetProperty = z.object({ key: z.string().trim().min(1).max(100), value: z.string().max(500) });
export type AssetProperty = z.infer<typeof AssetProperty>;
const Properties = z.array(AssetProperty).max(50);
export const AssetInstanceStatus = z.enum(['in-use', 'in-stock']);
export type AssetInstanceStatus = z.infer<typeof AssetInstanceStatus>;
export const AssetAssignment = z.enum(['assigned', 'unassigned']);
export type AssetAssignment = z.infer<typeof AssetAssignment>;
/** The selected item's panel tabs (SPEC §2: assignment is the default). */
export const AssetPanelTab = z.enum(['assignment', 'overview']);
export type AssetPanelTab = z.infer<typeof AssetPanelTab>;
/** The selected definition's tabs (SPEC §2: its overview). */
export const AssetDefinitionTab = z.enum(['overview']);
export type AssetDefinitionTab = z.infer<typeof AssetDefinitionTab>;

/** The fixed kinds (SPEC §3, the UI's device types): every definition has one (decision 027). */
export const AssetKindCode = z.enum([
  'camera',
  'webcam',
  'mouse',
  'keyboard',
  'monitor',
  'headphones',
  'headset',
  'printer',
  'unknown',
]);
export type AssetKindCode = z.infer<typeof AssetKindCode>;

const KindName = z.string().trim().min(1).max(100);
/** A kind the organisation named, refining one of the fixed kinds. */
export const AssetKind = z.object({ uuid: Uuid, name: KindName, baseKind: AssetKindCode });
export type AssetKind = z.infer<typeof AssetKind>;
/** `GET /api/asset-kinds`: the organisation's own kinds, by name. */
export const AssetKindList = z.object({ items: z.array(AssetKind) });
export type AssetKindList = z.infer<typeof AssetKindList>;
/** `POST /api/asset-kinds`. */
export const CreateAssetKindRequest = z.object({
  name: KindName,
  baseKind: AssetKindCode.default('unknown'),
});
export type CreateAssetKindRequest = z.infer<typeof CreateAssetKindRequest>;

const DefinitionName = z.string().trim().min(1).max(200);
const OptionalText = (max: number) => z.string().trim().max(max).nullable();
/** The fields of a definition a person writes (without defaults: a change names only what it changes). */
const DefinitionFields = z.object({
  name: DefinitionName,
  /** The fixed kind; with an organisation kind, that kind's base kind wins. */
  kind: AssetKindCode,
  /** An organisation kind, or null. */
  assetKindUuid: Uuid.nullable(),
  modelNumber: OptionalText(100),
  vendor: OptionalText(100),
  properties: Properties,
});
/** `POST /api/asset-definitions`. */
export const CreateAssetDefinitionRequest = DefinitionFields.extend({
  kind: AssetKindCode.default('unknown'),
  assetKindUuid: Uuid.nullable().default(null),
  modelNumber: OptionalText(100).default(null),
  vendor: OptionalText(100).default(null),
  properties: Properties.default([]),
});
export type CreateAssetDefinitionRequest = z.infer<typeof CreateAssetDefinitionRequest>;
/** `PATCH /api/asset-definitions/:uuid`: the fields given change. */
export const UpdateAssetDefinitionRequest = DefinitionFields.partial();
export type UpdateAssetDefinitionRequest = z.infer<typeof UpdateAssetDefinitionRequest>;

/** A definition as lists and the detail show it: its kinds and how many items are in use and in stock. */
export const AssetDefinition = z.object({
  uuid: Uuid,
  name: z.string(),
  kind: AssetKindCode,
  assetKind: z.object({ uuid: Uuid, name: z.string() }).nullable(),
  modelNumber: z.string().nullable(),
  vendor: z.string().nullable(),
  properties: z.array(AssetProperty),
  inUse: z.number().int().min(0),
  inStock: z.number().int().min(0),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AssetDefinition = z.infer<typeof AssetDefinition>;

/** Sort keys of the definitions list (`GET /api/asset-definitions?sortingKey=`). */
export const AssetDefinitionSortingKey = z.enum(['name', 'kind', 'vendor', 'inUse', 'inStock']);
export type AssetDefinitionSortingKey = z.infer<typeof AssetDefinitionSortingKey>;
/** `GET /api/asset-definitions`: text search (name, vendor, model), kinds, sorting, paging. */
export const AssetDefinitionListQuery = searchableListQuery({
  sortingKeys: AssetDefinitionSortingKey,
  maxTake: 500,
  defaultTake: 100,
}).extend({
  kinds: queryArray(AssetKindCode),
  assetKindUuids: queryArray(Uuid),
});
export type AssetDefinitionListQuery = z.infer<typeof AssetDefinitionListQuery>;
export const AssetDefinitionPage = pageOf(AssetDefinition);
export type AssetDefinitionPage = z.infer<typeof AssetDefinitionPage>;

/** The person an item is with. */
export const AssetAssignee = z.object({ uuid: Uuid, firstName: z.string(), lastName: z.string() });
export type AssetAssignee = z.infer<typeof AssetAssignee>;

/** One item as the list and the panel show it, with its definition's name and kind. */
export const AssetItem = z.object({
  uuid: Uuid,
  assetDefinitionUuid: Uuid,
  name: z.string(),
  kind: AssetKindCode,
  vendor: z.string().nullable(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  notes: z.string().nullable(),
  status: AssetInstanceStatus,
  assignment: AssetAssignment,
  assignedTo: AssetAssignee.nullable(),
  properties: z.array(AssetProperty),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AssetItem = z.infer<typeof AssetItem>;

/** Sort keys of the items list (`GET /api/assets?sortingKey=`). */
export const AssetSortingKey = z.enum(['name', 'serialNumber', 'assignedTo', 'status', 'createdAt']);
export type AssetSortingKey = z.infer<typeof AssetSortingKey>;
/**
 * `GET /api/assets`: the assets screen's filters (SPEC §2: text search, assignment types, asset kinds),
 * the selected definition, sorting and paging (skip/take ≤ 500, or cursor), with the filtered total.
 */
export const AssetListQuery = searchableListQuery({ sortingKeys: AssetSortingKey, maxTake: 500 }).extend({
  assignmentTypes: queryArray(AssetAssignment),
  kinds: queryArray(AssetKindCode),
  assetKindUuids: queryArray(Uuid),
  assetDefinitionUuids: queryArray(Uuid),
  statuses: queryArray(AssetInstanceStatus),
});
export type AssetListQuery = z.infer<typeof AssetListQuery>;
export const AssetPage = pageOf(AssetItem);
export type AssetPage = z.infer<typeof AssetPage>;

const ItemFields = z.object({
  serialNumber: OptionalText(100),
  notes: z.string().trim().max(2000).nullable(),
  properties: Properties,
});
/** One item of `POST /api/assets`: optional serial number, notes, properties and the person it goes to. */
export const NewAssetItem = ItemFields.extend({
  serialNumber: OptionalText(100).default(null),
  notes: z.string().trim().max(2000).nullable().default(null),
  properties: Properties.default([]),
  employeeUuid: Uuid.nullable().default(null),
});
export type NewAssetItem = z.infer<typeof NewAssetItem>;
/** `POST /api/assets`: items of one definition (the add-peripherals page's quantity is their number). */
export const CreateAssetsRequest = z.object({
  assetDefinitionUuid: Uuid,
  items: z.array(NewAssetItem).min(1).max(1000),
});
export type CreateAssetsRequest = z.infer<typeof CreateAssetsRequest>;
/** Most items one request adds (the add-peripherals page's quantities together). */
export const MAX_NEW_ASSETS = 1000;
/**
 * `POST /api/assets/batch`: items of several definitions at once, all or none (the add-peripherals
 * page), at most 1000 items in all.
 */
export const CreateAssetBatchRequest = z
  .object({ entries: z.array(CreateAssetsRequest).min(1).max(100) })
  .refine((batch) => batch.entries.reduce((sum, entry) => sum + entry.items.length, 0) <= MAX_NEW_ASSETS, {
    message: `At most ${MAX_NEW_ASSETS} items at once`,
    path: ['entries'],
  });
export type CreateAssetBatchRequest = z.infer<typeof CreateAssetBatchRequest>;
/** What a client sends (the items' defaults may be left out). */
export type CreateAssetBatchInput = z.input<typeof CreateAssetBatchRequest>;
export const AssetItemList = z.object({ items: z.array(AssetItem) });
export type AssetItemList = z.infer<typeof AssetItemList>;
/**
 * `PATCH /api/assets/:uuid`: the fields given change. `status` only for an unassigned item (shared
 * equipment such as a printer is in use without a person); an assigned item is in use.
 */
export const UpdateAssetRequest = ItemFields.extend({ status: AssetInstanceStatus }).partial();
export type UpdateAssetRequest = z.infer<typeof UpdateAssetRequest>;
/** `PUT /api/assets/:uuid/assignment`: to a person (assign, or transfer from another), or null to take it back. */
export const AssignAssetRequest = z.object({ employeeUuid: Uuid.nullable() });
export type AssignAssetRequest = z.infer<typeof AssignAssetRequest>;
const Selection = z.array(Uuid).min(1).max(500);
/** `POST /api/assets/bulk-assign`: these items to one person, or back to stock (all or none). */
export const BulkAssignAssetsRequest = z.object({ assetUuids: Selection, employeeUuid: Uuid.nullable() });
export type BulkAssignAssetsRequest = z.infer<typeof BulkAssignAssetsRequest>;
/** `POST /api/assets/bulk-delete`: these items (all or none). */
export const BulkDeleteAssetsRequest = z.object({ assetUuids: Selection });
export type BulkDeleteAssetsRequest = z.infer<typeof BulkDeleteAssetsRequest>;
export const BulkAssetsResult = z.object({ count: z.number().int().min(0) });
export type BulkAssetsResult = z.infer<typeof BulkAssetsResult>;

/** The status an assignment leaves an item in: with a person, in use; back from one, in stock. */
export function statusAfterAssignment(employeeUuid: string | null): AssetInstanceStatus {
  return employeeUuid ? 'in-use' : 'in-stock';
}

export const AssetAddListItem = z.object({ id: z.string(), quantity: z.number().int().min(1).max(10000) });
