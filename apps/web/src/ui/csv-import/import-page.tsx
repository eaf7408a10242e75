import { entriesToCsv } from '@equip/domain/csv-import/export';
import type { ImportSchema } from '@equip/domain/csv-import/schema';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FileX2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Spinner } from '@/ui/spinner';
import { FileDropZone } from './file-drop-zone';
import { ImportPreview } from './import-preview';
import type { ImportFlow } from './use-import-flow';

/** A link to an empty file in the format (its header row), to fill in. */
export function TemplateLink({
  schema,
  fileName,
  content,
}: {
  schema: Pick<ImportSchema, 'columns'>;
  fileName: string;
  /** The template's CSV, when it holds more than the header row (examples, custom columns). */
  content?: string;
}) {
  const csv = content ?? entriesToCsv(schema, []);
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;
  return (
    <a
      href={href}
      download={fileName}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <Download aria-hidden="true" className="size-4" />
      <Trans>Download template</Trans>
    </a>
  );
}

/** The columns of a format, for the page's description. */
export function ColumnsHint({ schema }: { schema: Pick<ImportSchema, 'columns'> }) {
  const required = schema.columns
    .filter((c) => c.required)
    .map((c) => c.header)
    .join(', ');
  const optional = schema.columns
    .filter((c) => !c.required)
    .map((c) => c.header)
    .join(', ');
  return optional ? (
    <Trans>
      Columns: {required} (required); {optional} (optional).
    </Trans>
  ) : (
    <Trans>Columns: {required} (required).</Trans>
  );
}

const messages = (errors: readonly { message: string }[]) =>
  errors.map((e) => translateKnownMessage(e.message)).join(' ');

/**
 * The page of an import, for any format: choose a file, review and fix its rows, import them all at
 * once. The area gives its header, the commit button's label and the flow (useImportFlow).
 */
export function ImportPage<F extends string, H extends string>({
  schema,
  flow,
  header,
  commitLabel,
  gridTemplate,
}: {
  schema: Pick<ImportSchema<F>, 'columns' | 'unique' | 'limits'>;
  flow: ImportFlow<F, H>;
  /** Back link and page header (with the template link and the columns). */
  header: ReactNode;
  /** The import button: "Import 3 employees". */
  commitLabel: (count: number) => string;
  gridTemplate?: string;
}) {
  const { t } = useLingui();
  const { result, rows, phase, busy } = flow;
  const dropZone = <FileDropZone onFile={flow.chooseFile} disabled={busy} maxBytes={schema.limits.bytes} />;

  if (!result || (result.rows.length === 0 && result.errors.length === 0)) {
    return (
      <div className="space-y-6">
        {header}
        {flow.fileError ? (
          <Alert variant="error" title={t`This file can’t be imported`}>
            {flow.fileError}
          </Alert>
        ) : null}
        {result && result.rows.length === 0 ? (
          <Alert variant="warning" title={t`The file has no rows to import`}>
            <Trans>Only a header row was found. Add one row per entry and upload it again.</Trans>
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
          dropZone
        )}
      </div>
    );
  }

  if (result.rows.length === 0) {
    const name = flow.fileName ?? t`This file`;
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="error" title={t`${name} can’t be imported`}>
          {messages(result.errors)}
        </Alert>
        {dropZone}
      </div>
    );
  }

  const errorCount = flow.errorIndexes.length;
  const rowCount = formatNumber(rows.length);
  const errorRows = formatNumber(errorCount);
  const importingCount = phase.kind === 'importing' ? formatNumber(phase.count) : '';
  return (
    <div className="space-y-4">
      {header}
      {result.errors.length > 0 ? (
        <Alert variant="error" title={t`The file was refused`}>
          {messages(result.errors)}
        </Alert>
      ) : null}
      {flow.encodingNote ? <Alert variant="warning">{flow.encodingNote}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{flow.fileName}</p>
          <p className="text-sm text-slate-600" aria-live="polite">
            {rows.length === 1 ? <Trans>{rowCount} row</Trans> : <Trans>{rowCount} rows</Trans>}
            {' · '}
            {errorCount > 0 ? (
              <span className="font-medium text-red-700">
                <Trans>{errorRows} with errors</Trans>
              </span>
            ) : (
              <Trans>no errors</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100">
            <Checkbox
              id="only-error-rows"
              checked={flow.onlyErrors}
              disabled={errorCount === 0 && !flow.onlyErrors}
              onChange={(event) => flow.setOnlyErrors(event.target.checked)}
            />
            <label htmlFor="only-error-rows" className="cursor-pointer">
              <Trans>Only rows with errors</Trans>
            </label>
          </div>
          {errorCount > 0 ? (
            <Button variant="secondary" size="sm" onClick={flow.downloadErrorRows}>
              <Download aria-hidden="true" />
              <Trans>Download rows with errors</Trans>
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={flow.startOver} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            <Trans>Choose another file</Trans>
          </Button>
        </div>
      </div>
      {flow.onlyErrors && errorCount === 0 ? (
        <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
          <FileX2 aria-hidden="true" className="size-5 text-emerald-600" />
          <Trans>No rows with errors left.</Trans>
          <Button variant="secondary" size="sm" onClick={() => flow.setOnlyErrors(false)}>
            <Trans>Show all rows</Trans>
          </Button>
        </div>
      ) : (
        <fieldset disabled={busy} className="min-w-0">
          <legend className="sr-only">
            <Trans>Rows of {flow.fileName}</Trans>
          </legend>
          <ImportPreview
            schema={schema}
            rows={rows}
            indexes={flow.shownIndexes}
            onDelete={flow.deleteRowAt}
            onUpdate={flow.updateRowAt}
            resetKey={flow.onlyErrors ? 'errors' : 'all'}
            {...(gridTemplate ? { gridTemplate } : {})}
          />
        </fieldset>
      )}
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        {phase.kind === 'uploading' ? (
          <div className="flex flex-1 items-center gap-3">
            <span className="text-sm text-slate-600">
              <Trans>Uploading…</Trans>
            </span>
            <div
              role="progressbar"
              aria-label={t`Upload`}
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
            <Spinner label={t`Importing…`} />
            <span className="text-sm text-slate-700">
              <Trans>Importing {importingCount} rows…</Trans>
            </span>
          </div>
        ) : (
          <p className="flex-1 text-sm text-slate-600">
            {flow.ready ? (
              <Trans>Every row is valid. Importing adds all of them at once.</Trans>
            ) : errorCount === 1 ? (
              <Trans>Fix or delete the row with errors to import.</Trans>
            ) : (
              <Trans>Fix or delete the {errorRows} rows with errors to import.</Trans>
            )}
          </p>
        )}
        <Button onClick={flow.commit} disabled={!flow.ready || busy}>
          {commitLabel(rows.length)}
        </Button>
      </div>
    </div>
  );
}
