import type {
  ImportColumn,
  ImportEntry,
  ImportRowError,
  ImportSchema,
} from '@equip/domain/csv-import/schema';
import type { ImportRow } from '@equip/domain/csv-import/validate';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlert, Trash2 } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';

export const PREVIEW_ROW_HEIGHT = 56;

/** The grid of a format's preview: the row column, then each of the format's columns. */
export const previewGrid = (columns: readonly ImportColumn[]) =>
  `5rem repeat(${columns.length}, minmax(7rem, 1fr))`;

/**
 * The columns the preview shows: the format's, then the extra columns the file brought (a format's
 * `extraColumn`, such as assets' `property:<key>`), headed by their keys. Every row of a file holds the
 * same extra columns, so the first row names them.
 */
export function previewColumns<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  entryKeys: readonly string[],
): readonly ImportColumn<string>[] {
  const fields = new Set<string>(schema.columns.map((c) => c.field));
  const extra = entryKeys.filter((key) => key !== '' && !fields.has(key));
  return [...schema.columns, ...extra.map((key) => ({ field: key, header: key, required: false }))];
}

const DUPLICATE = msg`Duplicate in this file`;
const TAKEN = msg`Already used in your organisation`;

/** The text in the cell: short (the full message is in the tooltip and the accessible name). */
function shortMessage(schema: Pick<ImportSchema, 'unique'>, error: ImportRowError, i18n: I18n): string {
  if (schema.unique.some((rule) => rule.duplicate.type === error.type)) return i18n._(DUPLICATE);
  if (schema.unique.some((rule) => rule.taken?.type === error.type)) return i18n._(TAKEN);
  return translateKnownMessage(error.message).replace(/ [(].*[)]$/, '');
}

/** One cell: its value, its error under it, and a click (or Enter) to fix it in place. */
function Cell({
  value,
  header,
  rowNumber,
  errors,
  short,
  onSave,
}: {
  value: string;
  header: string;
  rowNumber: number;
  errors: ImportRowError[];
  short: string;
  onSave: (value: string) => void;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const invalid = errors.length > 0;
  const message = errors.map((e) => translateKnownMessage(e.message)).join('; ');

  if (editing) {
    const finish = (save: boolean) => {
      setEditing(false);
      if (save && draft !== value) onSave(draft);
    };
    return (
      <td className="flex items-center px-1">
        <input
          // biome-ignore lint/a11y/noAutofocus: the person asked to edit this cell.
          autoFocus
          aria-label={t`${header}, row ${rowNumber}`}
          aria-invalid={invalid || undefined}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => finish(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(true);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              finish(false);
            }
          }}
          className="h-9 w-full rounded-md border-0 px-2 text-sm ring-2 ring-indigo-600 focus:outline-none"
        />
      </td>
    );
  }

  const shown = value || t`empty`;
  const label = invalid
    ? t`${header}, row ${rowNumber}: ${shown}. Error: ${message}. Edit`
    : t`${header}, row ${rowNumber}: ${shown}. Edit`;
  return (
    <td className="min-w-0 px-1 py-1">
      <button
        type="button"
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
        aria-label={label}
        title={invalid ? message : value}
        className={cn(
          'flex h-full w-full min-w-0 flex-col justify-center rounded-md px-2 text-left text-sm',
          'focus-visible:outline-2 focus-visible:outline-indigo-600',
          invalid ? 'bg-red-50 ring-1 ring-red-200 ring-inset hover:bg-red-100' : 'hover:bg-slate-100',
        )}
      >
        <span className={cn('block truncate', value ? 'text-slate-900' : 'text-slate-400')}>
          {value || '—'}
        </span>
        {invalid ? (
          <span className="flex min-w-0 items-center gap-1 text-xs text-red-700">
            <CircleAlert aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{short}</span>
          </span>
        ) : null}
      </button>
    </td>
  );
}

/** What the preview needs of a format. */
type PreviewSchema<F extends string> = Pick<ImportSchema<F>, 'columns' | 'unique'>;

interface RowProps<F extends string> {
  schema: PreviewSchema<F>;
  columns: readonly ImportColumn<string>[];
  row: ImportRow<F>;
  index: number;
  onDelete: (index: number) => void;
  onUpdate: (index: number, entry: ImportEntry<F>) => void;
}

function PreviewRowImpl<F extends string>({ schema, columns, row, index, onDelete, onUpdate }: RowProps<F>) {
  const { t, i18n } = useLingui();
  const rowNumber = index + 1;
  const fields: readonly string[] = columns.map((c) => c.field);
  const otherErrors = row.errors.filter((e) => !e.field || !fields.includes(e.field));
  const otherMessage = otherErrors.map((e) => translateKnownMessage(e.message)).join('; ');
  return (
    <>
      <td className="flex items-center gap-1 pl-1.5 text-xs text-slate-500 tabular-nums">
        <button
          type="button"
          aria-label={t`Delete row ${rowNumber}`}
          title={t`Delete row`}
          onClick={() => onDelete(index)}
          className="flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
        {formatNumber(rowNumber)}
        {otherErrors.length > 0 ? (
          <span title={otherMessage} className="text-red-600">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{otherMessage}</span>
          </span>
        ) : null}
      </td>
      {columns.map((column) => {
        const errors = row.errors.filter((e) => e.field === column.field);
        return (
          <Cell
            key={column.field}
            value={row.entry[column.field] ?? ''}
            header={column.header}
            rowNumber={rowNumber}
            errors={errors}
            short={errors.map((e) => shortMessage(schema, e, i18n)).join('; ')}
            onSave={(value) => onUpdate(index, { ...row.entry, [column.field]: value })}
          />
        );
      })}
    </>
  );
}

const PreviewRow = memo(PreviewRowImpl) as typeof PreviewRowImpl;

/**
 * Every row of the file with its errors at the cells, for any format (its column schema). Only the
 * rows in view are in the page (virtualised), so a file of 100,000 rows scrolls as smoothly as one of
 * ten.
 */
export function ImportPreview<F extends string>({
  schema,
  rows,
  indexes,
  onDelete,
  onUpdate,
  resetKey,
  gridTemplate,
  minWidth = '66rem',
}: {
  schema: PreviewSchema<F>;
  /** When this changes (e.g. the error filter), the list scrolls back to its top. */
  resetKey: string;
  rows: readonly ImportRow<F>[];
  /** Which rows to show (all, or only those with errors), as indexes into `rows`. */
  indexes: readonly number[];
  onDelete: (index: number) => void;
  onUpdate: (index: number, entry: ImportEntry<F>) => void;
  /** The CSS grid columns: the row column, then one per column of the format. */
  gridTemplate?: string;
  minWidth?: string;
}) {
  const { t } = useLingui();
  // Keyed by the first row's keys, not the rows: a fixed cell does not redraw every row.
  const entryKeys = Object.keys(rows[0]?.entry ?? {}).join('\u0000');
  const columns = useMemo(() => previewColumns(schema, entryKeys.split('\u0000')), [schema, entryKeys]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: indexes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PREVIEW_ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: 600 },
  });

  // A different list (filter switched) starts at its top.
  useEffect(() => {
    if (resetKey) scrollRef.current?.scrollTo?.({ top: 0 });
  }, [resetKey]);

  const grid = {
    // A format's own grid holds its columns; extra columns the file brought get one track each.
    gridTemplateColumns: gridTemplate
      ? `${gridTemplate}${' minmax(7rem, 1fr)'.repeat(columns.length - schema.columns.length)}`
      : previewGrid(columns),
  };
  return (
    <div
      ref={scrollRef}
      className="h-[min(60vh,40rem)] overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs"
    >
      <table
        aria-label={t`Rows of the file`}
        aria-rowcount={indexes.length + 1}
        className="grid"
        style={{ minWidth }}
      >
        <thead className="sticky top-0 z-10 grid">
          <tr
            aria-rowindex={1}
            className="grid h-10 items-center border-b border-slate-200 bg-slate-50"
            style={grid}
          >
            <th
              scope="col"
              className="pl-10 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {t`Row`}
            </th>
            {columns.map((column) => (
              <th
                scope="col"
                key={column.field}
                className="truncate px-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {column.header}
                {column.required ? (
                  <span aria-hidden="true" className="text-red-600">
                    {' '}
                    *
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const index = indexes[item.index]!;
            const row = rows[index];
            if (!row) return null;
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                className={cn(
                  'absolute inset-x-0 grid border-b border-slate-100',
                  row.errors.length > 0 ? 'bg-red-50/30' : 'bg-white',
                )}
                style={{ ...grid, height: PREVIEW_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <PreviewRow
                  schema={schema}
                  columns={columns}
                  row={row}
                  index={index}
                  onDelete={onDelete}
                  onUpdate={onUpdate}
                />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
