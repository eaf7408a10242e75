import { uniqueValuesOf } from '@equip/domain/csv-import/validate';
import {
  EMPLOYEE_IMPORT,
  type EmployeeCsvField,
  type EmployeeImportValidationResult,
} from '@equip/domain/employee-import';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { employeesCount } from '@/lib/format';
import { notificationKeys } from '@/lib/notification-keys';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { type ImportPreviewStore, useImportFlow } from '@/ui/csv-import/use-import-flow';
import { checkEmails } from '../api/check-emails';
import { importEmployeesFile } from '../api/import-employees';
import { employeeKeys } from '../api/query-keys';
import {
  clearImport,
  deleteRow,
  selectErrorRowIndexes,
  selectImportFileName,
  selectImportReady,
  selectImportResult,
  setResult,
  updateRow,
} from '../employees-import-slice';

/**
 * The employee import: the shared import flow (lib/csv-import) with the employees' column schema, the
 * `employeesImport` slice as its preview state, the organisation's emails as the values taken.
 */
export function useImportEmployees() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useAppSelector(selectImportResult);
  const fileName = useAppSelector(selectImportFileName);
  const ready = useAppSelector(selectImportReady);
  const errorIndexes = useAppSelector(selectErrorRowIndexes);

  const store = useMemo(
    (): ImportPreviewStore<EmployeeCsvField> => ({
      result,
      fileName,
      ready,
      errorIndexes,
      setResult: (next, extra) =>
        dispatch(
          setResult({
            result: next as EmployeeImportValidationResult,
            ...(extra?.taken ? { emailsInUse: [...(extra.taken.email ?? [])] } : {}),
            ...(extra?.fileName ? { fileName: extra.fileName } : {}),
          }),
        ),
      deleteRow: (index) => dispatch(deleteRow(index)),
      updateRow: (index, entry) => dispatch(updateRow({ index, entry })),
      clear: () => dispatch(clearImport()),
    }),
    [dispatch, result, fileName, ready, errorIndexes],
  );

  return useImportFlow({
    schema: EMPLOYEE_IMPORT,
    store,
    taken: async (table) => ({ email: await checkEmails(uniqueValuesOf(EMPLOYEE_IMPORT, table, 'email')) }),
    upload: importEmployeesFile,
    countLabel: employeesCount,
    onImported: async () => {
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      // The import's notification is in the panel at once, not at the next poll.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      navigate(paths.dashboard.employees());
    },
  });
}
