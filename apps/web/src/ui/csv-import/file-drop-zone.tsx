import { Trans, useLingui } from '@lingui/react/macro';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { Button } from '@/ui/button';

/** The files an import takes: CSV (any separator and encoding) and Excel workbooks. */
export const IMPORT_FILE_ACCEPT =
  '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Where an import file is dropped or picked. The picker is a real button (keyboard and screen
 * readers); the hidden file input does the picking.
 */
export function FileDropZone({
  onFile,
  maxBytes,
  disabled = false,
}: {
  onFile: (file: File) => void;
  maxBytes: number;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const most = formatFileSize(maxBytes);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the button inside is the accessible way in.
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed bg-white px-6 py-14 text-center transition-colors',
        dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300',
        disabled && 'opacity-60',
      )}
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <FileSpreadsheet aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">
        {dragging ? <Trans>Drop the file to check it</Trans> : <Trans>Drag a CSV or Excel file here</Trans>}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        <Trans>or</Trans>
      </p>
      <Button className="mt-3" onClick={() => input.current?.click()} disabled={disabled}>
        <Upload aria-hidden="true" />
        <Trans>Choose a file</Trans>
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_FILE_ACCEPT}
        aria-label={t`CSV file`}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p className="mt-4 max-w-md text-xs text-slate-500">
        <Trans>
          CSV (comma or semicolon) or Excel (.xlsx), up to {most}. Nothing is imported until you have reviewed
          every row.
        </Trans>
      </p>
    </div>
  );
}
