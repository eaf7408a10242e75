import {
  EMPLOYEE_CSV_COLUMNS,
  type EmployeeCsvEntry,
  type EmployeeCsvField,
  type EmployeeImportRow,
  type EmployeeImportRowError,
} from '@equip/domain/employee-import';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleAlert, Trash2 } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export const PREVIEW_ROW_HEIGHT = 56;

const GRID =
  'grid grid-cols-[5rem_repeat(2,minmax(6.5rem,1fr))_minmax(12rem,1.8fr)_minmax(7rem,1fr)_repeat(2,minmax(7.5rem,0.8fr))_repeat(2,minmax(7rem,1fr))]';

/** The text in the cell: short (the full message is in the tooltip and the accessible name). */
function shortMessage(error: EmployeeImportRowError): string {
  if (error.type === 'EmailIsDuplicated') return 'Duplicate in this file';
  if (error.type === 'EmailInUse') return 'Already used in your organisation';
  return error.message.replace(/ [(].*[)]$/, '');
}

const fields = EMPLOYEE_CSV_COLUMNS.map((c) => c.field);

function errorsAt(errors: readonly EmployeeImportRowError[], field: EmployeeCsvField) {
  return errors.filter((e) => e.field === field);
}

/** One cell: its value, its error under it, and a click (or Enter) to fix it in place. */
function Cell({
  value,
  header,
  rowNumber,
  errors,
  onSave,
}: {
  value: string;
  header: string;
  rowNumber: number;
  errors: EmployeeImportRowError[];
  onSave: (value: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const invalid = errors.length > 0;
  const message = errors.map((e) => e.message).join('; ');
  const short = errors.map(shortMessage).join('; ');

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
          aria-label={`${header}, row ${rowNumber}`}
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

  return (
    <td className="min-w-0 px-1 py-1">
      <button
        type="button"
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
        aria-label={`${header}, row ${rowNumber}: ${value || 'empty'}${invalid ? `. Error: ${message}` : ''}. Edit`}
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

const PreviewRow = memo(function PreviewRow({
  row,
  index,
  onDelete,
  onUpdate,
}: {
  row: EmployeeImportRow;
  index: number;
  onDelete: (index: number) => void;
  onUpdate: (index: number, entry: EmployeeCsvEntry) => void;
}) {
  const rowNumber = index + 1;
  const otherErrors = row.errors.filter((e) => !e.field || !fields.includes(e.field as EmployeeCsvField));
  return (
    <>
      <td className="flex items-center gap-1 pl-1.5 text-xs text-slate-500 tabular-nums">
        <button
          type="button"
          aria-label={`Delete row ${rowNumber}`}
          title="Delete row"
          onClick={() => onDelete(index)}
          className="flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
        {formatNumber(rowNumber)}
        {otherErrors.length > 0 ? (
          <span title={otherErrors.map((e) => e.message).join('; ')} className="text-red-600">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{otherErrors.map((e) => e.message).join('; ')}</span>
          </span>
        ) : null}
      </td>
      {EMPLOYEE_CSV_COLUMNS.map((column) => (
        <Cell
          key={column.field}
          value={row.entry[column.field]}
          header={column.header}
          rowNumber={rowNumber}
          errors={errorsAt(row.errors, column.field)}
          onSave={(value) => onUpdate(index, { ...row.entry, [column.field]: value })}
        />
      ))}
    </>
  );
});

/**
 * Every row of the file with its errors at the cells. Only the rows in view are in the page
 * (virtualised), so a file of 100,000 rows scrolls as smoothly as one of ten.
 */
export function ImportPreview({
  rows,
  indexes,
  onDelete,
  onUpdate,
  resetKey,
}: {
  /** When this changes (e.g. the error filter), the list scrolls back to its top. */
  resetKey: string;
  rows: readonly EmployeeImportRow[];
  /** Which rows to show (all, or only those with errors), as indexes into `rows`. */
  indexes: readonly number[];
  onDelete: (index: number) => void;
  onUpdate: (index: number, entry: EmployeeCsvEntry) => void;
}) {
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

  return (
    <div
      ref={scrollRef}
      className="h-[min(60vh,40rem)] overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs"
    >
      <table aria-label="Rows of the file" aria-rowcount={indexes.length + 1} className="grid min-w-[66rem]">
        <thead className="sticky top-0 z-10 grid">
          <tr
            aria-rowindex={1}
            className={cn(GRID, 'h-10 items-center border-b border-slate-200 bg-slate-50')}
          >
            <th
              scope="col"
              className="pl-10 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Row
            </th>
            {EMPLOYEE_CSV_COLUMNS.map((column) => (
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
                  GRID,
                  'absolute inset-x-0 border-b border-slate-100',
                  row.errors.length > 0 ? 'bg-red-50/30' : 'bg-white',
                )}
                style={{ height: PREVIEW_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <PreviewRow row={row} index={index} onDelete={onDelete} onUpdate={onUpdate} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
