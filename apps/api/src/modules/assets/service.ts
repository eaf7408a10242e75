import type { AssetImportCheckRequest } from '@equip/domain/asset-import';
import {
  type AssetDefinition,
  type AssetDefinitionListQuery,
  type AssetItem,
  type AssetKind,
  type AssetKindCode,
  type AssetKindList,
  type AssetListQuery,
  type AssignAssetRequest,
  type BulkAssetsResult,
  type BulkAssignAssetsRequest,
  type BulkDeleteAssetsRequest,
  type CreateAssetBatchRequest,
  type CreateAssetDefinitionRequest,
  type CreateAssetKindRequest,
  type CreateAssetsRequest,
  statusAfterAssignment,
  type UpdateAssetDefinitionRequest,
  type UpdateAssetRequest,
} from '@equip/domain/assets';
import type { EventType } from '@equip/domain/audit-log';
import type { Database, Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertGrant } from '../../http/grants.ts';
import type { InTenant } from '../../imports/commit.ts';
import { type EventInput, logEvent } from '../audit-log/index.ts';
import { type PersonRef, personRef } from '../people/index.ts';
import { checkImport, exportAssets, importAssets } from './import.ts';
import {
  type DefinitionValues,
  deleteDefinition,
  deleteItems,
  deleteKind,
  findDefinition,
  findItem,
  findItems,
  findKind,
  insertDefinition,
  insertItems,
  insertKind,
  itemsOfDefinition,
  kindNamed,
  listDefinitions,
  listItems,
  listKinds,
  updateDefinition,
  updateItems,
} from './queries.ts';

export const ASSET_MESSAGES = {
  definitionNotFound: 'Asset definition not found',
  assetNotFound: 'Asset not found',
  kindNotFound: 'Asset kind not found',
  employeeNotFound: 'Employee not found',
  kindTaken: 'The organisation already has a kind of this name',
  assignedIsInUse: 'An assigned asset is in use; take it back to put it in stock',
} as const;

/** Where in the body a refused value is (the spec's error payload names the field, never another organisation's id). */
const at = (...path: (string | number)[]) => ({ location: 'body' as const, param: path.join('.'), path });

/** A person of the organisation acted for, to hand items to through the domain's grant rule (decideGrant). */
async function assigneeOf(tx: Db, auth: AuthContext, employeeUuid: string, path: (string | number)[]) {
  const person = await personRef(tx, employeeUuid);
  if (!person) throw notFound(ASSET_MESSAGES.employeeNotFound, at(...path));
  assertGrant(auth, person, { action: 'update' });
  return person;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** The event of one item's assignment change (assign, transfer from another person, or take back). */
function assignmentEvent(
  auth: AuthContext,
  item: AssetItem,
  to: PersonRef | null,
  reason?: string,
): EventInput {
  const from = item.assignedTo;
  const type: EventType = to ? 'ASSET_ASSIGNED' : 'ASSET_UNASSIGNED';
  return {
    organizationUuid: auth.organizationUuid,
    type,
    actorUuid: auth.userUuid,
    subjectUuid: item.uuid,
    data: {
      name: item.name,
      serialNumber: item.serialNumber,
      employeeUuid: to?.uuid ?? null,
      employeeName: to ? fullName(to) : null,
      ...(from ? { previousEmployeeUuid: from.uuid, previousEmployeeName: fullName(from) } : {}),
      ...(reason ? { reason } : {}),
    },
  };
}

const itemEvent = (auth: AuthContext, type: EventType, item: AssetItem, data: object = {}): EventInput => ({
  organizationUuid: auth.organizationUuid,
  type,
  actorUuid: auth.userUuid,
  subjectUuid: item.uuid,
  data: { name: item.name, serialNumber: item.serialNumber, ...data },
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `input` that differ from `before`, with their before and after values. */
function changesOf<T extends object>(before: object, input: T) {
  const was = before as Record<string, unknown>;
  const asked = input as Record<string, unknown>;
  const keys = Object.keys(asked).filter((key) => asked[key] !== undefined && !same(was[key], asked[key]));
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, asked[key]])) as Partial<T>,
  };
}

/**
 * Takes items back to stock, unassigned, with an event each (all of the list or none: the caller's
 * transaction). Items already unassigned are left as they are.
 */
async function takeBack(tx: Db, auth: AuthContext, items: AssetItem[], reason?: string): Promise<number> {
  const held = items.filter((item) => item.assignedTo);
  if (held.length === 0) return 0;
  await updateItems(
    tx,
    held.map((item) => item.uuid),
    { userUuid: null, assignment: 'unassigned', status: statusAfterAssignment(null) },
  );
  await logEvent(
    tx,
    held.map((item) => assignmentEvent(auth, item, null, reason)),
  );
  return held.length;
}

/** A person's items go back to stock (they were removed): the employees module calls this through index.ts. */
export async function returnAssetsOf(tx: Db, auth: AuthContext, items: AssetItem[]): Promise<void> {
  await takeBack(tx, auth, items, 'employee-removed');
}

/** The fixed kind of a definition: an organisation kind's base kind, else the one asked for (decision 027). */
async function kindOf(
  tx: Db,
  assetKindUuid: string | null,
  kind: AssetKindCode | undefined,
): Promise<AssetKindCode | undefined> {
  if (!assetKindUuid) return kind;
  const found = await findKind(tx, assetKindUuid);
  if (!found) throw notFound(ASSET_MESSAGES.kindNotFound, at('assetKindUuid'));
  return found.baseKind;
}

/**
 * Peripheral assets of the caller's organisation (issue 28). Every method but the lists runs inside the
 * caller's tenant transaction (row-level security: another organisation's record is not found); the lists
 * read through the lists' pipelined tenant read. Every change is an event (`logEvent`), which the
 * webhooks publish (asset.created, asset.assigned, asset.unassigned, asset.deleted).
 */
export function createAssetsService(deps: { databaseKind: Database['kind'] }) {
  const definitionOrThrow = async (tx: Db, uuid: string, path?: (string | number)[]) => {
    const found = await findDefinition(tx, uuid);
    if (!found) throw notFound(ASSET_MESSAGES.definitionNotFound, path ? at(...path) : {});
    return found;
  };
  const itemOrThrow = async (tx: Db, uuid: string) => {
    const found = await findItem(tx, uuid);
    if (!found) throw notFound(ASSET_MESSAGES.assetNotFound);
    return found;
  };
  /** Every item named, or a 404 at the first one the organisation does not have. */
  const allItems = async (tx: Db, uuids: string[]) => {
    const found = await findItems(tx, uuids);
    const known = new Set(found.map((item) => item.uuid));
    const missing = uuids.findIndex((uuid) => !known.has(uuid));
    if (missing >= 0) throw notFound(ASSET_MESSAGES.assetNotFound, at('assetUuids', missing));
    return found;
  };

  const service = {
    listDefinitions: (reads: TenantReads, auth: AuthContext, query: AssetDefinitionListQuery) =>
      listDefinitions(reads, auth.organizationUuid, query),

    list: (reads: TenantReads, auth: AuthContext, query: AssetListQuery) =>
      listItems(reads, auth.organizationUuid, query),

    async kinds(tx: Db, _auth: AuthContext): Promise<AssetKindList> {
      return { items: await listKinds(tx) };
    },

    /** An organisation kind refining a fixed kind (ASSET_KIND_ADDED); a name is the organisation's once. */
    async createKind(tx: Db, auth: AuthContext, input: CreateAssetKindRequest): Promise<AssetKind> {
      if (await kindNamed(tx, auth.organizationUuid, input.name))
        throw conflict(ASSET_MESSAGES.kindTaken, { ...at('name'), value: input.name });
      const uuid = await insertKind(tx, { organizationUuid: auth.organizationUuid, ...input });
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'ASSET_KIND_ADDED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { name: input.name, baseKind: input.baseKind },
      });
      return { uuid, ...input };
    },

    /** Its definitions keep their fixed kind (decision 027). */
    async deleteKind(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
      const kind = await findKind(tx, uuid);
      if (!kind) throw notFound(ASSET_MESSAGES.kindNotFound);
      await deleteKind(tx, uuid);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'ASSET_KIND_DELETED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { name: kind.name, baseKind: kind.baseKind },
      });
    },

    getDefinition: (tx: Db, _auth: AuthContext, uuid: string) => definitionOrThrow(tx, uuid),

    async createDefinition(
      tx: Db,
      auth: AuthContext,
      input: CreateAssetDefinitionRequest,
    ): Promise<AssetDefinition> {
      const kind = (await kindOf(tx, input.assetKindUuid, input.kind)) ?? input.kind;
      const uuid = await insertDefinition(tx, { ...input, kind, organizationUuid: auth.organizationUuid });
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'ASSET_DEFINITION_ADDED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { name: input.name, kind, vendor: input.vendor, modelNumber: input.modelNumber },
      });
      return definitionOrThrow(tx, uuid);
    },

    /** Changes the given fields (ASSET_DEFINITION_UPDATED with before and after). */
    async updateDefinition(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: UpdateAssetDefinitionRequest,
    ): Promise<AssetDefinition> {
      const before = await definitionOrThrow(tx, uuid);
      const assetKindUuid =
        input.assetKindUuid !== undefined ? input.assetKindUuid : (before.assetKind?.uuid ?? null);
      const kind = await kindOf(tx, assetKindUuid, input.kind ?? before.kind);
      const { assetKindUuid: _asked, ...fields } = input;
      const stored = { ...before, assetKindUuid: before.assetKind?.uuid ?? null };
      const changes = changesOf<Partial<DefinitionValues>>(stored, { ...fields, kind, assetKindUuid });
      if (changes.keys.length === 0) return before;
      await updateDefinition(tx, uuid, changes.after);
      const after = await definitionOrThrow(tx, uuid);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'ASSET_DEFINITION_UPDATED',
        actorUuid: auth.userUuid,
        subjectUuid: uuid,
        data: { name: after.name, before: changes.before, after: changes.after },
      });
      return after;
    },

    /** A definition goes with its items: ASSET_DELETED for each (their webhooks), then ASSET_DEFINITION_DELETED. */
    async deleteDefinition(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
      const definition = await definitionOrThrow(tx, uuid);
      const items = await itemsOfDefinition(tx, uuid);
      await deleteDefinition(tx, uuid);
      await logEvent(tx, [
        ...items.map((item) =>
          itemEvent(auth, 'ASSET_DELETED', item, { employeeUuid: item.assignedTo?.uuid ?? null }),
        ),
        {
          organizationUuid: auth.organizationUuid,
          type: 'ASSET_DEFINITION_DELETED',
          actorUuid: auth.userUuid,
          subjectUuid: uuid,
          data: { name: definition.name, kind: definition.kind, items: items.length },
        },
      ]);
    },

    get: (tx: Db, _auth: AuthContext, uuid: string) => itemOrThrow(tx, uuid),

    /**
     * Items of one definition (ASSET_ADDED each, and ASSET_ASSIGNED for those handed to a person at once),
     * all or none: a person the organisation does not have refuses the request at that item.
     */
    async create(
      tx: Db,
      auth: AuthContext,
      request: CreateAssetsRequest,
      /** Where the request sits in a batch's body (its refusals name the field there). */
      within: (string | number)[] = [],
    ): Promise<AssetItem[]> {
      await definitionOrThrow(tx, request.assetDefinitionUuid, [...within, 'assetDefinitionUuid']);
      const people = new Map<string, PersonRef>();
      for (const [index, item] of request.items.entries())
        if (item.employeeUuid && !people.has(item.employeeUuid))
          people.set(
            item.employeeUuid,
            await assigneeOf(tx, auth, item.employeeUuid, [...within, 'items', index, 'employeeUuid']),
          );
      const uuids = await insertItems(
        tx,
        request.items.map(({ employeeUuid, ...item }) => ({
          ...item,
          organizationUuid: auth.organizationUuid,
          assetDefinitionUuid: request.assetDefinitionUuid,
          userUuid: employeeUuid,
          assignment: employeeUuid ? 'assigned' : 'unassigned',
          status: statusAfterAssignment(employeeUuid),
        })),
      );
      const found = new Map((await findItems(tx, uuids)).map((item) => [item.uuid, item]));
      // In the request's order.
      const created = uuids.flatMap((uuid) => found.get(uuid) ?? []);
      await logEvent(
        tx,
        created.flatMap((item) => {
          const person = item.assignedTo ? people.get(item.assignedTo.uuid) : undefined;
          const added = itemEvent(auth, 'ASSET_ADDED', item, { via: 'manual' });
          return person ? [added, assignmentEvent(auth, { ...item, assignedTo: null }, person)] : [added];
        }),
      );
      return created;
    },

    /** Items of several definitions (the add-peripherals page), all or none in the caller's transaction. */
    async createBatch(tx: Db, auth: AuthContext, request: CreateAssetBatchRequest): Promise<AssetItem[]> {
      const created: AssetItem[] = [];
      for (const [index, entry] of request.entries.entries())
        created.push(...(await service.create(tx, auth, entry, ['entries', index])));
      return created;
    },

    /** Changes the given fields (ASSET_UPDATED with before and after); an assigned item stays in use. */
    async update(tx: Db, auth: AuthContext, uuid: string, input: UpdateAssetRequest): Promise<AssetItem> {
      const before = await itemOrThrow(tx, uuid);
      if (input.status === 'in-stock' && before.assignedTo)
        throw badRequest(ASSET_MESSAGES.assignedIsInUse, { ...at('status'), value: input.status });
      const changes = changesOf(before, input);
      if (changes.keys.length === 0) return before;
      await updateItems(tx, [uuid], changes.after);
      const after = await itemOrThrow(tx, uuid);
      await logEvent(
        tx,
        itemEvent(auth, 'ASSET_UPDATED', after, { before: changes.before, after: changes.after }),
      );
      return after;
    },

    /** Hands the item to a person, from another (a transfer) or from stock, or takes it back (null). */
    async assign(tx: Db, auth: AuthContext, uuid: string, request: AssignAssetRequest): Promise<AssetItem> {
      const before = await itemOrThrow(tx, uuid);
      await service.bulkAssign(tx, auth, { assetUuids: [uuid], employeeUuid: request.employeeUuid });
      return (await findItem(tx, uuid)) ?? before;
    },

    /** Several items to one person, or back to stock, all or none; items already there are left alone. */
    async bulkAssign(tx: Db, auth: AuthContext, request: BulkAssignAssetsRequest): Promise<BulkAssetsResult> {
      const uuids = [...new Set(request.assetUuids)];
      const items = await allItems(tx, uuids);
      if (!request.employeeUuid) return { count: await takeBack(tx, auth, items) };
      const person = await assigneeOf(tx, auth, request.employeeUuid, ['employeeUuid']);
      const moving = items.filter((item) => item.assignedTo?.uuid !== person.uuid);
      if (moving.length === 0) return { count: 0 };
      await updateItems(
        tx,
        moving.map((item) => item.uuid),
        { userUuid: person.uuid, assignment: 'assigned', status: statusAfterAssignment(person.uuid) },
      );
      await logEvent(
        tx,
        moving.map((item) => assignmentEvent(auth, item, person)),
      );
      return { count: moving.length };
    },

    delete: (tx: Db, auth: AuthContext, uuid: string) =>
      itemOrThrow(tx, uuid).then(() => service.bulkDelete(tx, auth, { assetUuids: [uuid] })),

    /** Which of an import file's keys name a person or an organisation kind (the preview asks). */
    checkImport: (tx: Db, _auth: AuthContext, request: AssetImportCheckRequest) => checkImport(tx, request),

    /** Commits an import of the asset format, all or nothing (see importAssets). */
    importCsv: (tenant: InTenant, auth: AuthContext, file: Buffer, fileName: string | undefined) =>
      importAssets(tenant, deps.databaseKind, auth, file, fileName),

    /** Every item in the import format (CSV, formula-guarded), to edit and import back. */
    exportCsv: (tx: Db, _auth: AuthContext, separator: string) => exportAssets(tx, separator),

    /** Several items, all or none (ASSET_DELETED each). */
    async bulkDelete(tx: Db, auth: AuthContext, request: BulkDeleteAssetsRequest): Promise<BulkAssetsResult> {
      const uuids = [...new Set(request.assetUuids)];
      const items = await allItems(tx, uuids);
      await deleteItems(tx, uuids);
      await logEvent(
        tx,
        items.map((item) =>
          itemEvent(auth, 'ASSET_DELETED', item, { employeeUuid: item.assignedTo?.uuid ?? null }),
        ),
      );
      return { count: items.length };
    },
  };
  return service;
}

export type AssetsService = ReturnType<typeof createAssetsService>;
