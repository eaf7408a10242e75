import {
  type EmployeeCsvEntry,
  type EmployeeImportRowError,
  EmployeeImportRowErrorType,
  type EmployeeImportValidationResult,
  employeesToCsv,
  validateEmployeeCsv,
} from '@equip/domain/employee-import';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage, statusOf } from '@/lib/api/error-message';
import { ApiError } from '@/lib/api/errors';
import { downloadFile } from '@/lib/download';
import { employeesCount, formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { useToast } from '@/ui/toast';
import { checkEmails } from '../api/check-emails';
import { importEmployeesCsv, rowErrorsOf } from '../api/import-employees';
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
import { CsvFileError, emailsOf, readCsvFile } from './read-csv-file';

/** What the import is doing: reading and checking the file, sending it, or writing its rows. */
export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; message: string }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing'; count: number };

/** The server's refusal mapped back onto the rows (row errors at their cells) or the file. */
function withServerErrors(
  result: EmployeeImportValidationResult,
  error: ApiError,
): EmployeeImportValidationResult {
  const { byRow, fileErrors } = rowErrorsOf(error.errors);
  const rows = result.rows.map((row, index) => {
    const errors = byRow.get(index);
    if (!errors) return row;
    return {
      ...row,
      errors: errors.map(
        (e): EmployeeImportRowError => ({
          type: EmployeeImportRowErrorType.safeParse(e.type).success
            ? (e.type as EmployeeImportRowError['type'])
            : 'ZodValidationError',
          field: e.field,
          message: e.message,
        }),
      ),
    };
  });
  const errors = fileErrors.map((e) => ({
    type:
      e.errorType === 'FileHeadersNotValid' ? ('FileHeadersNotValid' as const) : ('UnknownError' as const),
    message: e.msg,
  }));
  return { ...result, rows, errors, isValid: false };
}

/**
 * The employee import's state and steps (the `employeesImport` slice plus what only this page needs):
 * read and check a file, fix or delete rows, download the rows with errors, and commit all rows at
 * once with upload progress. The page only draws what this returns.
 */
export function useImportEmployees() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const result = useAppSelector(selectImportResult);
  const fileName = useAppSelector(selectImportFileName);
  const ready = useAppSelector(selectImportReady);
  const errorIndexes = useAppSelector(selectErrorRowIndexes);
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [encodingNote, setEncodingNote] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const rows = result?.rows ?? [];
  const allIndexes = useMemo(() => rows.map((_, index) => index), [rows]);
  const shownIndexes = onlyErrors ? errorIndexes : allIndexes;

  async function chooseFile(file: File) {
    setFileError(null);
    setEncodingNote(null);
    setOnlyErrors(false);
    dispatch(clearImport());
    try {
      setPhase({ kind: 'reading', message: `Reading ${file.name}…` });
      const { table, encoding } = await readCsvFile(file);
      const emails = emailsOf(table);
      setPhase({ kind: 'reading', message: `Checking ${formatNumber(emails.length)} emails…` });
      const inUse = await checkEmails(emails);
      const checked = validateEmployeeCsv(table, inUse);
      if (!mounted.current) return;
      if (encoding === 'windows-1252') {
        setEncodingNote(
          'The file is not UTF-8, so it was read as Windows-1252 (Western European). Check names with accents before importing.',
        );
      }
      dispatch(setResult({ result: checked, emailsInUse: [...inUse], fileName: file.name }));
    } catch (error) {
      if (!mounted.current) return;
      setFileError(
        error instanceof CsvFileError
          ? error.message
          : `The file could not be checked: ${(error as Error).message}. Try again.`,
      );
    } finally {
      if (mounted.current) setPhase({ kind: 'idle' });
    }
  }

  const deleteRowAt = useCallback((index: number) => dispatch(deleteRow(index)), [dispatch]);
  const updateRowAt = useCallback(
    (index: number, entry: EmployeeCsvEntry) => dispatch(updateRow({ index, entry })),
    [dispatch],
  );

  function downloadErrorRows() {
    if (!result) return;
    const withErrors = result.rows.filter((row) => row.errors.length > 0).map((row) => row.entry);
    const base = (fileName ?? 'employees.csv').replace(/\.csv$/i, '');
    downloadFile(employeesToCsv(withErrors), `${base}-rows-with-errors.csv`);
  }

  async function commit() {
    if (!result || !ready) return;
    const count = result.rows.length;
    const csv = employeesToCsv(result.rows.map((row) => row.entry));
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const { imported } = await importEmployeesCsv(csv, fileName ?? 'employees.csv', (progress) => {
        if (!mounted.current) return;
        setPhase(
          progress.uploaded
            ? { kind: 'importing', count }
            : {
                kind: 'uploading',
                percent: Math.round((progress.loaded / Math.max(1, progress.total)) * 100),
              },
        );
      });
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      toast({ variant: 'positive', content: `${employeesCount(imported)} imported` });
      dispatch(clearImport());
      navigate(paths.dashboard.employees());
    } catch (error) {
      if (!mounted.current) return;
      setPhase({ kind: 'idle' });
      const status = statusOf(error);
      if (error instanceof ApiError && status === 400) {
        // Row errors go back to their cells (`param: rows.N.field`), file errors above the rows.
        dispatch(setResult({ result: withServerErrors(result, error) }));
        setOnlyErrors(true);
        toast({
          variant: 'negative',
          content: 'Nothing was imported: the server found problems in some rows.',
        });
      } else if (status === 413) {
        toast({ variant: 'negative', content: 'Nothing was imported: the file is larger than 20 MB.' });
      } else {
        toast({ variant: 'negative', content: failureMessage('Nothing was imported', error) });
      }
    } finally {
      if (mounted.current) setPhase((current) => (current.kind === 'importing' ? current : { kind: 'idle' }));
    }
  }

  function startOver() {
    dispatch(clearImport());
    setFileError(null);
    setEncodingNote(null);
    setOnlyErrors(false);
  }

  return {
    result,
    fileName,
    rows,
    ready,
    errorIndexes,
    shownIndexes,
    phase,
    busy: phase.kind !== 'idle',
    fileError,
    encodingNote,
    onlyErrors,
    setOnlyErrors,
    chooseFile,
    deleteRowAt,
    updateRowAt,
    downloadErrorRows,
    commit,
    startOver,
  };
}
