import {
  EMPLOYEE_CSV_COLUMNS,
  type EmployeeCsvEntry,
  type EmployeeImportRowError,
  EmployeeImportRowErrorType,
  type EmployeeImportValidationResult,
  employeesToCsv,
  validateEmployeeCsv,
} from '@equip/domain/employee-import';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileX2, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, HttpError } from '@/lib/api/errors';
import { downloadFile } from '@/lib/download';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { PageHeader } from '@/ui/page-header';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { checkEmails } from '../api/check-emails';
import { importEmployeesCsv, rowErrorsOf } from '../api/import-employees';
import { employeeKeys } from '../api/query-keys';
import { CsvDropZone } from '../components/import/csv-drop-zone';
import { ImportPreview } from '../components/import/import-preview';
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
import { employeesCount, formatNumber, people } from '../lib/format';
import { CsvFileError, emailsOf, readCsvFile } from '../lib/read-csv-file';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; message: string }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing'; count: number };

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(employeesToCsv([]))}`;

function TemplateLink() {
  return (
    <a
      href={TEMPLATE_HREF}
      download="employees-template.csv"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <Download aria-hidden="true" className="size-4" />
      Download template
    </a>
  );
}

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

export function ImportEmployeesPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const result = useAppSelector(selectImportResult);
  const fileName = useAppSelector(selectImportFileName);
  const ready = useAppSelector(selectImportReady);
  const errorIndexes = useAppSelector(selectErrorRowIndexes);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
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
  const busy = phase.kind !== 'idle';

  async function onFile(file: File) {
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

  const onDelete = useCallback((index: number) => dispatch(deleteRow(index)), [dispatch]);
  const onUpdate = useCallback(
    (index: number, entry: EmployeeCsvEntry) => dispatch(updateRow({ index, entry })),
    [dispatch],
  );

  function downloadErrorRows() {
    if (!result) return;
    const withErrors = result.rows.filter((row) => row.errors.length > 0).map((row) => row.entry);
    const base = (fileName ?? 'employees.csv').replace(/\.csv$/i, '');
    downloadFile(employeesToCsv(withErrors), `${base}-rows-with-errors.csv`);
  }

  async function onImport() {
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
      if (error instanceof ApiError && error.status === 400) {
        dispatch(setResult({ result: withServerErrors(result, error) }));
        setOnlyErrors(true);
        toast({
          variant: 'negative',
          content: 'Nothing was imported: the server found problems in some rows.',
        });
      } else if ((error instanceof ApiError || error instanceof HttpError) && error.status === 413) {
        toast({ variant: 'negative', content: 'Nothing was imported: the file is larger than 20 MB.' });
      } else {
        toast({ variant: 'negative', content: `Nothing was imported: ${(error as Error).message}` });
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

  const columns = EMPLOYEE_CSV_COLUMNS.map((c) => c.header);
  const header = (
    <>
      <BackLink to={paths.dashboard.employees()}>Employees</BackLink>
      <PageHeader
        description={
          <>
            Columns: {columns.slice(0, 3).join(', ')} (required); {columns.slice(3).join(', ')} (optional).
            Dates as YYYY-MM-DD or DD.MM.YYYY.
          </>
        }
        actions={<TemplateLink />}
      />
    </>
  );

  if (!result || (result.rows.length === 0 && result.errors.length === 0)) {
    return (
      <div className="space-y-6">
        {header}
        {fileError ? (
          <Alert variant="error" title="This file can’t be imported">
            {fileError}
          </Alert>
        ) : null}
        {result && result.rows.length === 0 ? (
          <Alert variant="warning" title="The file has no people in it">
            Only a header row was found. Add one person per row and upload it again.
          </Alert>
        ) : null}
        {phase.kind === 'reading' ? (
          <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white">
            <Spinner label={phase.message} />
            <p className="text-sm text-slate-600" aria-hidden="true">
              {phase.message}
            </p>
          </div>
        ) : (
          <CsvDropZone onFile={onFile} disabled={busy} />
        )}
      </div>
    );
  }

  if (result.rows.length === 0) {
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="error" title={`${fileName ?? 'This file'} can’t be imported`}>
          {result.errors.map((e) => e.message).join(' ')}
        </Alert>
        <CsvDropZone onFile={onFile} disabled={busy} />
      </div>
    );
  }

  const errorCount = errorIndexes.length;
  return (
    <div className="space-y-4">
      {header}
      {result.errors.length > 0 ? (
        <Alert variant="error" title="The file was refused">
          {result.errors.map((e) => e.message).join(' ')}
        </Alert>
      ) : null}
      {encodingNote ? <Alert variant="warning">{encodingNote}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{fileName}</p>
          <p className="text-sm text-slate-600" aria-live="polite">
            {formatNumber(rows.length)} {rows.length === 1 ? 'row' : 'rows'}
            {errorCount > 0 ? (
              <>
                {' · '}
                <span className="font-medium text-red-700">{formatNumber(errorCount)} with errors</span>
              </>
            ) : (
              ' · no errors'
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100">
            <Checkbox
              id="only-error-rows"
              checked={onlyErrors}
              disabled={errorCount === 0 && !onlyErrors}
              onChange={(event) => setOnlyErrors(event.target.checked)}
            />
            <label htmlFor="only-error-rows" className="cursor-pointer">
              Only rows with errors
            </label>
          </div>
          {errorCount > 0 ? (
            <Button variant="secondary" size="sm" onClick={downloadErrorRows}>
              <Download aria-hidden="true" />
              Download rows with errors
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={startOver} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            Choose another file
          </Button>
        </div>
      </div>
      {onlyErrors && errorCount === 0 ? (
        <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
          <FileX2 aria-hidden="true" className="size-5 text-emerald-600" />
          No rows with errors left.
          <Button variant="secondary" size="sm" onClick={() => setOnlyErrors(false)}>
            Show all rows
          </Button>
        </div>
      ) : (
        <fieldset disabled={busy} className="min-w-0">
          <legend className="sr-only">Rows of {fileName}</legend>
          <ImportPreview
            rows={rows}
            indexes={shownIndexes}
            onDelete={onDelete}
            onUpdate={onUpdate}
            resetKey={onlyErrors ? 'errors' : 'all'}
          />
        </fieldset>
      )}
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        {phase.kind === 'uploading' ? (
          <div className="flex flex-1 items-center gap-3">
            <span className="text-sm text-slate-600">Uploading…</span>
            <div
              role="progressbar"
              aria-label="Upload"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={phase.percent}
              className="h-2 max-w-sm flex-1 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full bg-indigo-600 transition-[width]"
                style={{ width: `${phase.percent}%` }}
              />
            </div>
            <span className="text-sm text-slate-600 tabular-nums">{phase.percent}%</span>
          </div>
        ) : phase.kind === 'importing' ? (
          <div className="flex flex-1 items-center gap-3">
            <Spinner label={`Importing ${people(phase.count)}`} />
            <span className="text-sm text-slate-700">Importing {people(phase.count)}…</span>
          </div>
        ) : (
          <p className="flex-1 text-sm text-slate-600">
            {ready
              ? 'Every row is valid. Importing adds all of them at once.'
              : `Fix or delete the ${errorCount === 1 ? 'row' : `${formatNumber(errorCount)} rows`} with errors to import.`}
          </p>
        )}
        <Button onClick={onImport} disabled={!ready || busy}>
          Import {employeesCount(rows.length)}
        </Button>
      </div>
    </div>
  );
}
