import { randomUUID } from 'node:crypto';
import {
  ASSET_IMPORT,
  type AssetCsvField,
  type AssetImportCheckRequest,
  type AssetImportCheckResponse,
  assetsToCsv,
  type ImportedAsset,
  kindKey,
  personKeys,
} from '@equip/domain/asset-import';
import type { AssetKindCode } from '@equip/domain/assets';
import { statusAfterAssignment } from '@equip/domain/assets';
import type { TakenValues } from '@equip/domain/csv-import/schema';
import { giveWay } from '../../db/bulk-insert.ts';
import type { Database, Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertGrant } from '../../http/grants.ts';
import { commitImport, type InTenant } from '../../imports/commit.ts';
import { type EventInput, logEvent, logEventsInBulk } from '../audit-log/index.ts';
import { emailsByUuid, type PersonRef, peopleByKeys } from '../people/index.ts';
import {
  type BulkWriting,
  type DefinitionValues,
  definitionIdentities,
  type ItemValues,
  insertDefinitionsInBulk,
  insertItemsInBulk,
  itemsForExport,
  listKinds,
} from './queries.ts';

/** Items built and written at a time (see commitImport). */
const IMPORT_BATCH_ROWS = 2000;

/** What an import's keys name in the organisation: people and organisation kinds, by key. */
interface Named {
  people: Map<string, PersonRef>;
  kinds: Map<string, { uuid: string; baseKind: AssetKindCode }>;
}

async function lookUp(tx: Db, assignees: readonly string[], kinds: readonly string[]): Promise<Named> {
  const wanted = new Set(kinds.filter((key) => key !== ''));
  const organizationKinds =
    wanted.size === 0
      ? []
      : (await listKinds(tx)).flatMap((kind) =>
          wanted.has(kindKey(kind.name)) ? [[kindKey(kind.name), kind] as const] : [],
        );
  return { people: await peopleByKeys(tx, assignees, personKeys), kinds: new Map(organizationKinds) };
}

const found = (named: Named): TakenValues<AssetCsvField> => ({
  assignedTo: new Set(named.people.keys()),
  kind: new Set(named.kinds.keys()),
});

/** The preview's question: which of the file's keys name a person or an organisation kind. */
export async function checkImport(
  tx: Db,
  request: AssetImportCheckRequest,
): Promise<AssetImportCheckResponse> {
  const named = await lookUp(tx, request.assignedTo, request.kind);
  return { assignedTo: [...named.people.keys()], kind: [...named.kinds.keys()] };
}

/** How an import tells the models apart: name, vendor and model number, case and spaces aside. */
const modelKey = (d: { name: string; vendor: string | null; modelNumber: string | null }) =>
  JSON.stringify([d.name, d.vendor ?? '', d.modelNumber ?? ''].map((v) => v.trim().toLowerCase()));

/** Items given one person or kind the rule refuses: a failure to create, nothing written. */
function failedToCreate(message: string): AppError {
  return new AppError(422, { msg: message, errorType: 'FailedToCreateError', location: 'body' });
}

/**
 * Commits an import of the asset format (CSV or Excel, see commitImport), all or nothing: each row an
 * item of the model it names (a model the organisation has, by name, vendor and model number, or a new
 * one made from its first row), handed to the person it names (through the grant rule). Items and
 * models are logged in bulk (ASSET_DEFINITION_ADDED, ASSET_ADDED, ASSET_ASSIGNED); the import's own
 * ASSETS_IMPORTED notifies whoever ran it (assets.imported).
 */
export function importAssets(
  tenant: InTenant,
  databaseKind: Database['kind'],
  auth: AuthContext,
  file: Buffer,
  fileName: string | undefined,
): Promise<{ imported: number }> {
  let named: Named = { people: new Map(), kinds: new Map() };
  let models: Map<string, string> | null = null;
  const granted = new Set<string>();
  const event = (
    type: EventInput['type'],
    subjectUuid: string | undefined,
    data: Record<string, unknown>,
  ): EventInput => ({
    organizationUuid: auth.organizationUuid,
    type,
    actorUuid: auth.userUuid,
    subjectUuid,
    data,
  });

  const writeBatch = async (tx: Db, batch: ImportedAsset[], writing: BulkWriting) => {
    models ??= new Map((await definitionIdentities(tx)).map((d) => [modelKey(d), d.uuid]));
    const newModels: DefinitionValues[] = [];
    const events: EventInput[] = [];
    const items: ItemValues[] = batch.map(({ definition, item }) => {
      const key = modelKey(definition);
      let definitionUuid = models!.get(key);
      if (!definitionUuid) {
        definitionUuid = randomUUID();
        models!.set(key, definitionUuid);
        const kind = definition.organizationKind ? named.kinds.get(definition.organizationKind) : undefined;
        if (definition.organizationKind && !kind)
          throw failedToCreate(`The kind of ${definition.name} is gone`);
        const { organizationKind: _key, ...fields } = definition;
        newModels.push({
          ...fields,
          uuid: definitionUuid,
          organizationUuid: auth.organizationUuid,
          kind: kind?.baseKind ?? definition.kind,
          assetKindUuid: kind?.uuid ?? null,
        });
        events.push(
          event('ASSET_DEFINITION_ADDED', definitionUuid, {
            name: definition.name,
            kind: kind?.baseKind ?? definition.kind,
            vendor: definition.vendor,
            modelNumber: definition.modelNumber,
            via: 'csv-import',
          }),
        );
      }
      const person = item.assignee ? named.people.get(item.assignee) : undefined;
      if (item.assignee && !person) throw failedToCreate('A person the file names is gone');
      if (person && !granted.has(person.uuid)) {
        assertGrant(auth, person, { action: 'update' });
        granted.add(person.uuid);
      }
      const uuid = randomUUID();
      const userUuid = person?.uuid ?? null;
      const itemData = { name: definition.name, serialNumber: item.serialNumber };
      events.push(event('ASSET_ADDED', uuid, { ...itemData, via: 'csv-import' }));
      if (person)
        events.push(
          event('ASSET_ASSIGNED', uuid, {
            ...itemData,
            employeeUuid: person.uuid,
            employeeName: `${person.firstName} ${person.lastName}`,
          }),
        );
      return {
        uuid,
        organizationUuid: auth.organizationUuid,
        assetDefinitionUuid: definitionUuid,
        serialNumber: item.serialNumber,
        notes: item.notes,
        properties: item.properties,
        userUuid,
        assignment: person ? 'assigned' : 'unassigned',
        status: statusAfterAssignment(userUuid),
      };
    });
    await insertDefinitionsInBulk(tx, newModels, writing);
    await insertItemsInBulk(tx, items, writing);
    await giveWay();
    await logEventsInBulk(tx, events, writing);
  };

  return commitImport(tenant, {
    schema: ASSET_IMPORT,
    organizationUuid: auth.organizationUuid,
    file,
    databaseKind,
    batchRows: IMPORT_BATCH_ROWS,
    // Asked before the transaction and again in it: what the writing transaction found is used.
    taken: async (tx, fileValues) => {
      named = await lookUp(tx, fileValues('assignedTo'), fileValues('kind'));
      return found(named);
    },
    writeBatch: async (tx, batch, writing) => {
      try {
        await writeBatch(tx, batch, writing);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw failedToCreate('The assets could not be created; nothing was imported');
      }
    },
    afterWrite: (tx, imported) =>
      logEvent(tx, event('ASSETS_IMPORTED', undefined, { count: imported, fileName: fileName ?? null })),
  });
}

/** Every item in the import format, as CSV (see assetsToCsv): an export that imports back unchanged. */
export async function exportAssets(tx: Db, separator: string): Promise<string> {
  const rows = await itemsForExport(tx);
  const emails = await emailsByUuid(
    tx,
    rows.flatMap((row) => (row.userUuid ? [row.userUuid] : [])),
  );
  return assetsToCsv(
    rows.map(({ userUuid, ...row }) => ({
      ...row,
      assigneeEmail: userUuid ? (emails.get(userUuid) ?? null) : null,
    })),
    separator,
  );
}
