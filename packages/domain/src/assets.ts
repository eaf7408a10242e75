import { z } from 'zod';
import { Uuid } from './common.ts';

export const AssetProperty = z.object({ key: z.string().trim().min(1).max(100), value: z.string().max(500) });
export const AssetInstanceStatus = z.enum(['in-use', 'in-stock']);
export const AssetAssignment = z.enum(['assigned', 'unassigned']);
export const AssetPanelTab = z.enum(['assignment', 'overview']);

export const AssetKind = z.object({ uuid: Uuid, name: z.string().trim().min(1).max(100) });
export const AssetDefinitionInput = z.object({
  name: z.string().trim().min(1).max(200),
  assetKindUuid: Uuid.nullable(),
  modelNumber: z.string().trim().max(100).nullable(),
  vendor: z.string().trim().max(100).nullable(),
  properties: z.array(AssetProperty).default([]),
});
export const AssetDefinition = AssetDefinitionInput.extend({ uuid: Uuid, organizationUuid: Uuid });
export const AssetInstanceInput = z.object({
  assetDefinitionUuid: Uuid,
  notes: z.string().max(2000).nullable(),
  serialNumber: z.string().trim().max(100).nullable(),
  userUuid: Uuid.nullable(),
  properties: z.array(AssetProperty).default([]),
});
export const AssetInstance = AssetInstanceInput.extend({
  uuid: Uuid,
  organizationUuid: Uuid,
  status: AssetInstanceStatus,
  assignment: AssetAssignment,
});

/** One row of the asset CSV: peripheral properties, per-item properties and custom properties. */
export const AssetCsvRow = z.object({
  name: z.string().trim().min(1),
  vendor: z.string().trim().optional(),
  model: z.string().trim().optional(),
  kind: z.string().trim().optional(),
  assignedTo: z.string().trim().optional(),
  serialNumber: z.string().trim().optional(),
  notes: z.string().optional(),
  customProperties: z.record(z.string(), z.string()).default({}),
  customItemProperties: z.record(z.string(), z.string()).default({}),
});
export const AssetImportErrorType = z.enum([
  'AccountWithEmailDoesNotExist',
  'AccountWithNameDoesNotExist',
  'ZodValidationError',
]);
export const AssetImportFileErrorType = z.enum(['FileHeadersInvalid', 'FileHeadersMissing']);
export const AssetBulkCreateErrorType = z.enum(['ZodValidationError', 'FailedToCreateError']);
export const AssetImportValidationResult = z.object({
  isValid: z.boolean(),
  parsedHeaders: z.array(z.string()),
  errors: z.array(z.object({ type: AssetImportFileErrorType, message: z.string().optional() })),
  rows: z.array(
    z.object({
      entry: AssetCsvRow,
      errors: z.array(
        z.object({
          type: AssetImportErrorType,
          message: z.string().optional(),
          field: z.string().optional(),
        }),
      ),
    }),
  ),
});
export const AssetAddListItem = z.object({ id: z.string(), quantity: z.number().int().min(1).max(10000) });
