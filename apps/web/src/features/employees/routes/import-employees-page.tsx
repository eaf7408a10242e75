import { EMPLOYEE_CSV_COLUMNS, employeesToCsv } from '@equip/domain/employee-import';
import { Download, FileX2, RotateCcw } from 'lucide-react';
import { paths } from '@/config/paths';
import { employeesCount, formatNumber, people } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { PageHeader } from '@/ui/page-header';
import { Spinner } from '@/ui/spinner';
import { CsvDropZone } from '../components/import/csv-drop-zone';
import { ImportPreview } from '../components/import/import-preview';
import { useImportEmployees } from '../lib/use-import-employees';

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

/** `/dashboard/action/import-employees`: choose a CSV file, fix its rows, import them all at once. */
export function ImportEmployeesPage() {
  const importer = useImportEmployees();
  const { result, rows, phase, busy } = importer;

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
        {importer.fileError ? (
          <Alert variant="error" title="This file can’t be imported">
            {importer.fileError}
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
          <CsvDropZone onFile={importer.chooseFile} disabled={busy} />
        )}
      </div>
    );
  }

  if (result.rows.length === 0) {
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="error" title={`${importer.fileName ?? 'This file'} can’t be imported`}>
          {result.errors.map((e) => e.message).join(' ')}
        </Alert>
        <CsvDropZone onFile={importer.chooseFile} disabled={busy} />
      </div>
    );
  }

  const errorCount = importer.errorIndexes.length;
  return (
    <div className="space-y-4">
      {header}
      {result.errors.length > 0 ? (
        <Alert variant="error" title="The file was refused">
          {result.errors.map((e) => e.message).join(' ')}
        </Alert>
      ) : null}
      {importer.encodingNote ? <Alert variant="warning">{importer.encodingNote}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{importer.fileName}</p>
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
              checked={importer.onlyErrors}
              disabled={errorCount === 0 && !importer.onlyErrors}
              onChange={(event) => importer.setOnlyErrors(event.target.checked)}
            />
            <label htmlFor="only-error-rows" className="cursor-pointer">
              Only rows with errors
            </label>
          </div>
          {errorCount > 0 ? (
            <Button variant="secondary" size="sm" onClick={importer.downloadErrorRows}>
              <Download aria-hidden="true" />
              Download rows with errors
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={importer.startOver} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            Choose another file
          </Button>
        </div>
      </div>
      {importer.onlyErrors && errorCount === 0 ? (
        <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
          <FileX2 aria-hidden="true" className="size-5 text-emerald-600" />
          No rows with errors left.
          <Button variant="secondary" size="sm" onClick={() => importer.setOnlyErrors(false)}>
            Show all rows
          </Button>
        </div>
      ) : (
        <fieldset disabled={busy} className="min-w-0">
          <legend className="sr-only">Rows of {importer.fileName}</legend>
          <ImportPreview
            rows={rows}
            indexes={importer.shownIndexes}
            onDelete={importer.deleteRowAt}
            onUpdate={importer.updateRowAt}
            resetKey={importer.onlyErrors ? 'errors' : 'all'}
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
            {importer.ready
              ? 'Every row is valid. Importing adds all of them at once.'
              : `Fix or delete the ${errorCount === 1 ? 'row' : `${formatNumber(errorCount)} rows`} with errors to import.`}
          </p>
        )}
        <Button onClick={importer.commit} disabled={!importer.ready || busy}>
          Import {employeesCount(rows.length)}
        </Button>
      </div>
    </div>
  );
}
