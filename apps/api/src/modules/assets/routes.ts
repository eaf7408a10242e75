import {
  AssetExportQuery,
  AssetImportCheckRequest,
  AssetImportCheckResponse,
} from '@equip/domain/asset-import';
import {
  AssetDefinition,
  AssetDefinitionListQuery,
  AssetDefinitionPage,
  AssetItem,
  AssetItemList,
  AssetKind,
  AssetKindList,
  AssetListQuery,
  AssetPage,
  AssignAssetRequest,
  BulkAssetsResult,
  BulkAssignAssetsRequest,
  BulkDeleteAssetsRequest,
  CreateAssetBatchRequest,
  CreateAssetDefinitionRequest,
  CreateAssetKindRequest,
  CreateAssetsRequest,
  UpdateAssetDefinitionRequest,
  UpdateAssetRequest,
} from '@equip/domain/assets';
import { NoContent, UuidParams } from '@equip/domain/common';
import { ImportResult } from '@equip/domain/csv-import/contract';
import { CSV_BOM, EXPORT_SEPARATORS } from '@equip/domain/csv-import/csv-text';
import { CSV_MIME } from '@equip/domain/csv-import/export';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { sendExport } from '../../imports/export.ts';
import { oneImportAtATime, spendingImportTurn } from '../../imports/fairness.ts';
import {
  acceptImportUploads,
  decodeFileName,
  IMPORT_CONTENT_TYPES,
  ImportUploadHeaders,
  MAX_IMPORT_BYTES,
  uploadedFile,
} from '../../imports/http.ts';

const tags = ['assets'];
const security = [{ bearerAuth: [] }];
// Peripheral assets are administered by IT owners (and provider admins acting for the organisation);
// people see their own on GET /api/employees/:uuid/devices.
const admins = { access: { roles: ADMINS } };

export const assetRoutes: ModuleRoutes = (app, { database, assets }) => {
  acceptImportUploads(app);

  app.post(
    '/api/assets/import/check',
    {
      config: admins,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        security,
        summary:
          "Which of an import file's assignees (email:… or name:… keys) and kinds name a person or a kind of the organisation",
        body: AssetImportCheckRequest,
        response: { 200: AssetImportCheckResponse },
      },
    },
    (request) => request.tenant((tx) => assets.checkImport(tx, requireAuth(request), request.body)),
  );

  app.get(
    '/api/assets/export',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Every peripheral in the import format (CSV with BOM, formula-guarded): edit it and import it back unchanged',
        querystring: AssetExportQuery,
      },
    },
    async (request, reply) => {
      const csv = await request.tenant((tx) =>
        assets.exportCsv(tx, requireAuth(request), EXPORT_SEPARATORS[request.query.separator]),
      );
      return sendExport(reply, 'peripherals', {
        body: `${CSV_BOM}${csv}`,
        contentType: CSV_MIME,
        extension: 'csv',
      });
    },
  );

  app.post(
    '/api/assets/import',
    {
      config: admins,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        security,
        summary:
          'Import peripherals from a CSV or Excel (.xlsx) file (all or nothing; refusals ZodValidationError, AccountWithEmailDoesNotExist, AccountWithNameDoesNotExist, FileHeadersMissing, FileHeadersInvalid, FailedToCreateError)',
        consumes: IMPORT_CONTENT_TYPES,
        headers: ImportUploadHeaders,
        response: { 201: ImportResult },
      },
    },
    async (request, reply) => {
      const file = uploadedFile(request.body);
      const fileName = decodeFileName(request.headers['x-file-name']);
      const caller = requireAuth(request);
      const result = await oneImportAtATime(caller.organizationUuid, () =>
        spendingImportTurn(database.db, caller.organizationUuid, () =>
          assets.importCsv((work) => request.tenant(work), caller, file, fileName),
        ),
      );
      return reply.status(201).send(result);
    },
  );
  app.get(
    '/api/asset-kinds',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The organisation's own asset kinds, each refining one of the nine fixed kinds",
        response: { 200: AssetKindList },
      },
    },
    (request) => request.tenant((tx) => assets.kinds(tx, requireAuth(request))),
  );

  app.post(
    '/api/asset-kinds',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add an organisation kind (a name of its own, unique, on top of a fixed kind)',
        body: CreateAssetKindRequest,
        response: { 201: AssetKind },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) => assets.createKind(tx, requireAuth(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/asset-kinds/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an organisation kind (its definitions keep their fixed kind)',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => assets.deleteKind(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/asset-definitions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Asset definitions with their items in use and in stock (text search, kinds, sorting, paging, filtered total)',
        querystring: AssetDefinitionListQuery,
        response: { 200: AssetDefinitionPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await assets.listDefinitions(database.reads, requireTenant(request), request.query),
      ),
  );

  app.post(
    '/api/asset-definitions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add an asset definition (a model the organisation keeps)',
        body: CreateAssetDefinitionRequest,
        response: { 201: AssetDefinition },
      },
    },
    async (request, reply) => {
      const created = await request.tenant((tx) =>
        assets.createDefinition(tx, requireAuth(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/asset-definitions/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One asset definition with its counts',
        params: UuidParams,
        response: { 200: AssetDefinition },
      },
    },
    (request) => request.tenant((tx) => assets.getDefinition(tx, requireAuth(request), request.params.uuid)),
  );

  app.patch(
    '/api/asset-definitions/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Edit an asset definition (the fields given)',
        params: UuidParams,
        body: UpdateAssetDefinitionRequest,
        response: { 200: AssetDefinition },
      },
    },
    (request) =>
      request.tenant((tx) =>
        assets.updateDefinition(tx, requireAuth(request), request.params.uuid, request.body),
      ),
  );

  app.delete(
    '/api/asset-definitions/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an asset definition and its items',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => assets.deleteDefinition(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/assets',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Asset items (text search, assignment, kinds, definition, status; sorting, paging by skip or cursor, filtered total)',
        querystring: AssetListQuery,
        response: { 200: AssetPage },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await assets.list(database.reads, requireTenant(request), request.query)),
  );

  app.post(
    '/api/assets',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Add items of one definition, each optionally with a serial number, notes and a person (all or none)',
        body: CreateAssetsRequest,
        response: { 201: AssetItemList },
      },
    },
    async (request, reply) => {
      const items = await request.tenant((tx) => assets.create(tx, requireAuth(request), request.body));
      return reply.status(201).send({ items });
    },
  );

  app.post(
    '/api/assets/batch',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Add items of several definitions at once (at most 1000), all or none',
        body: CreateAssetBatchRequest,
        response: { 201: AssetItemList },
      },
    },
    async (request, reply) => {
      const items = await request.tenant((tx) => assets.createBatch(tx, requireAuth(request), request.body));
      return reply.status(201).send({ items });
    },
  );

  app.post(
    '/api/assets/bulk-assign',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Hand these items to one person, or take them back to stock (employeeUuid null); all or none',
        body: BulkAssignAssetsRequest,
        response: { 200: BulkAssetsResult },
      },
    },
    (request) => request.tenant((tx) => assets.bulkAssign(tx, requireAuth(request), request.body)),
  );

  app.post(
    '/api/assets/bulk-delete',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete these items (all or none)',
        body: BulkDeleteAssetsRequest,
        response: { 200: BulkAssetsResult },
      },
    },
    (request) => request.tenant((tx) => assets.bulkDelete(tx, requireAuth(request), request.body)),
  );

  app.get(
    '/api/assets/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One asset item with its definition and the person it is with',
        params: UuidParams,
        response: { 200: AssetItem },
      },
    },
    (request) => request.tenant((tx) => assets.get(tx, requireAuth(request), request.params.uuid)),
  );

  app.patch(
    '/api/assets/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "Edit an item's serial number, notes, properties or (unassigned) status",
        params: UuidParams,
        body: UpdateAssetRequest,
        response: { 200: AssetItem },
      },
    },
    (request) =>
      request.tenant((tx) => assets.update(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.put(
    '/api/assets/:uuid/assignment',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Assign the item to a person (a transfer when another has it), or take it back (null)',
        params: UuidParams,
        body: AssignAssetRequest,
        response: { 200: AssetItem },
      },
    },
    (request) =>
      request.tenant((tx) => assets.assign(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.delete(
    '/api/assets/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an item',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => assets.delete(tx, requireAuth(request), request.params.uuid));
      return reply.status(204).send(null);
    },
  );
};
