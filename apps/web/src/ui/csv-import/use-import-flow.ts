import type { ImportResult } from '@equip/domain/csv-import/contract';
import { EXPORT_SEPARATORS, FILE_ERROR, separatorForLocale } from '@equip/domain/csv-import/csv-text';
import { entriesToCsv, errorRowsToCsv } from '@equip/domain/csv-import/export';
import type { ImportEntry, ImportRowError, ImportSchema, TakenValues } from '@equip/domain/csv-import/schema';
import type { ImportValidationResult } from '@equip/domain/csv-import/validate';
import { validateImportTable } from '@equip/domain/csv-import/validate';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { failureMessage, statusOf } from '@/lib/api/error-message';
import { ApiError } from '@/lib/api/errors';
import { ImportFileError, readImportFile } from '@/lib/csv-import/read-file';
import { rowErrorsOf, type UploadProgress } from '@/lib/csv-import/upload';
import { downloadFile } from '@/lib/download';
import { formatFileSize } from '@/lib/format';
import { useToast } from '@/ui/toast';

/** What the import is doing: reading and checking the file, sending it, or writing its rows. */
export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; message: string }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing'; count: number };

/** Where a format keeps its preview (its state slice): the feature adapts its slice to this. */
export interface ImportPreviewStore<F extends string, H extends string = 'headers'> {
  result: ImportValidationResult<F, H> | null;
  fileName: string | null;
  ready: boolean;
  errorIndexes: readonly number[];
  setResult(
    result: ImportValidationResult<F, H>,
    extra?: { taken?: TakenValues<F>; fileName?: string },
  ): void;
  deleteRow(index: number): void;
  updateRow(index: number, entry: ImportEntry<F>): void;
  clear(): void;
}

export interface ImportFlowOptions<F extends string, T, H extends string> {
  schema: ImportSchema<F, T, H>;
  store: ImportPreviewStore<F, H>;
  /**
   * Which values of the unique columns are already taken, and of the reference columns are found
   * (asked of the server once per file).
   */
  taken: (table: string[][]) => Promise<TakenValues<F>>;
  /** Sends the checked rows (as CSV in the format) and answers how many were written. */
  upload: (
    file: Blob,
    fileName: string,
    onProgress: (progress: UploadProgress) => void,
  ) => Promise<ImportResult>;
  /** How many rows, as the area says it: "3 employees" (for "3 employees imported"). */
  countLabel: (count: number) => string;
  /** After a successful import (refresh lists, go back). */
  onImported: (imported: number) => Promise<void> | void;
}

/** The server's refusal mapped back onto the rows (row errors at their cells) or the file. */
function withServerErrors<F extends string, H extends string>(
  result: ImportValidationResult<F, H>,
  error: ApiError,
): ImportValidationResult<F, H> {
  const { byRow, fileErrors } = rowErrorsOf(error.errors);
  const rows = result.rows.map((row, index) => {
    const errors = byRow.get(index);
    if (!errors) return row;
    return {
      ...row,
      errors: errors.map((e): ImportRowError => ({ type: e.type, field: e.field, message: e.message })),
    };
  });
  const errors = fileErrors.map((e) => ({ type: e.errorType ?? FILE_ERROR, message: e.msg }));
  return { ...result, rows, errors, isValid: false };
}

/**
 * One import's steps for any format: read and check a file (CSV or Excel), fix or delete rows,
 * download the rows with errors, and commit all rows at once with upload progress. The page only
 * draws what this returns.
 */
export function useImportFlow<F extends string, T, H extends string>({
  schema,
  store,
  taken,
  upload,
  countLabel,
  onImported,
}: ImportFlowOptions<F, T, H>) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const { result, fileName, ready, errorIndexes } = store;
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
    store.clear();
    try {
      const name = file.name;
      setPhase({ kind: 'reading', message: t`Reading ${name}…` });
      const { table, encoding } = await readImportFile(file, schema);
      const checked = await taken(table);
      const validated = validateImportTable(schema, table, checked);
      if (!mounted.current) return;
      if (encoding === 'windows-1252') {
        setEncodingNote(
          t`The file is not UTF-8, so it was read as Windows-1252 (Western European). Check names with accents before importing.`,
        );
      }
      store.setResult(validated, { taken: checked, fileName: file.name });
    } catch (error) {
      if (!mounted.current) return;
      const message = (error as Error).message;
      setFileError(
        error instanceof ImportFileError ? message : t`The file could not be checked: ${message}. Try again.`,
      );
    } finally {
      if (mounted.current) setPhase({ kind: 'idle' });
    }
  }

  const { deleteRow, updateRow } = store;
  const deleteRowAt = useCallback((index: number) => deleteRow(index), [deleteRow]);
  const updateRowAt = useCallback(
    (index: number, entry: ImportEntry<F>) => updateRow(index, entry),
    [updateRow],
  );

  /** The rows with errors, with a column naming the errors, separated as the person's Excel reads. */
  function downloadErrorRows() {
    if (!result) return;
    const separator = EXPORT_SEPARATORS[separatorForLocale(i18n.locale)];
    const base = (fileName ?? `${schema.noun.other}.csv`).replace(/\.(csv|xlsx)$/i, '');
    downloadFile(`\uFEFF${errorRowsToCsv(schema, result, separator)}`, `${base}-rows-with-errors.csv`);
  }

  async function commit() {
    if (!result || !ready) return;
    const count = result.rows.length;
    const csv = new Blob(
      [
        entriesToCsv(
          schema,
          result.rows.map((row) => row.entry),
        ),
      ],
      { type: 'text/csv' },
    );
    const name = (fileName ?? `${schema.noun.other}.csv`).replace(/\.xlsx$/i, '.csv');
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const { imported } = await upload(csv, name, (progress) => {
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
      store.clear();
      const label = countLabel(imported);
      toast({ variant: 'positive', content: t`${label} imported` });
      await onImported(imported);
    } catch (error) {
      if (!mounted.current) return;
      setPhase({ kind: 'idle' });
      const status = statusOf(error);
      if (error instanceof ApiError && status === 400) {
        // Row errors go back to their cells (`param: rows.N.field`), file errors above the rows.
        store.setResult(withServerErrors(result, error));
        setOnlyErrors(true);
        toast({
          variant: 'negative',
          content: t`Nothing was imported: the server found problems in some rows.`,
        });
      } else if (status === 413) {
        const most = formatFileSize(schema.limits.bytes);
        toast({ variant: 'negative', content: t`Nothing was imported: the file is larger than ${most}.` });
      } else {
        toast({ variant: 'negative', content: failureMessage(t`Nothing was imported`, error) });
      }
    } finally {
      if (mounted.current) setPhase((current) => (current.kind === 'importing' ? current : { kind: 'idle' }));
    }
  }

  function startOver() {
    store.clear();
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

export type ImportFlow<F extends string, H extends string = 'headers'> = ReturnType<
  typeof useImportFlow<F, unknown, H>
>;
