import { ASSET_IMPORT, type AssetCsvField } from '@equip/domain/asset-import';
import { uniqueValuesOf } from '@equip/domain/csv-import/validate';
import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { importsCleared } from '@/lib/csv-import/imports-cleared';
import { formatNumber } from '@/lib/format';
import { notificationKeys } from '@/lib/notification-keys';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { type ImportPreviewStore, useImportFlow } from '@/ui/csv-import/use-import-flow';
import { checkAssetImport } from '../api/check-asset-import';
import { importAssetsFile } from '../api/import-assets';
import { assetKeys } from '../api/query-keys';
import {
  deleteRow,
  selectAssetErrorRowIndexes,
  selectAssetImportFileName,
  selectAssetImportReady,
  selectAssetImportResult,
  setResult,
  updateRow,
} from '../assets-import-slice';

/** "3 peripherals". */
export const peripheralsCount = (count: number): string => {
  const n = formatNumber(count);
  return plural(count, { one: `${n} peripheral`, other: `${n} peripherals` });
};

/**
 * The peripheral import: the shared import flow with the assets' column schema, the `assetsImport`
 * slice as its preview state, the people and kinds the organisation has as the values found.
 */
export function useImportAssets() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useAppSelector(selectAssetImportResult);
  const fileName = useAppSelector(selectAssetImportFileName);
  const ready = useAppSelector(selectAssetImportReady);
  const errorIndexes = useAppSelector(selectAssetErrorRowIndexes);

  const store = useMemo(
    (): ImportPreviewStore<AssetCsvField, 'parsedHeaders'> => ({
      result,
      fileName,
      ready,
      errorIndexes,
      setResult: (next, extra) =>
        dispatch(
          setResult({
            result: next,
            ...(extra?.taken
              ? {
                  found: {
                    assignedTo: [...(extra.taken.assignedTo ?? [])],
                    kind: [...(extra.taken.kind ?? [])],
                  },
                }
              : {}),
            ...(extra?.fileName ? { fileName: extra.fileName } : {}),
          }),
        ),
      deleteRow: (index) => dispatch(deleteRow(index)),
      updateRow: (index, entry) => dispatch(updateRow({ index, entry })),
      // Clearing resets both imports (SPEC §4).
      clear: () => dispatch(importsCleared()),
    }),
    [dispatch, result, fileName, ready, errorIndexes],
  );

  return useImportFlow({
    schema: ASSET_IMPORT,
    store,
    taken: async (table) => {
      const found = await checkAssetImport({
        assignedTo: uniqueValuesOf(ASSET_IMPORT, table, 'assignedTo'),
        kind: uniqueValuesOf(ASSET_IMPORT, table, 'kind'),
      });
      return { assignedTo: new Set(found.assignedTo), kind: new Set(found.kind) };
    },
    upload: importAssetsFile,
    countLabel: peripheralsCount,
    onImported: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      navigate(paths.dashboard.devices('assets'));
    },
  });
}
