import { type ExportSeparator, separatorForLocale } from '@equip/domain/csv-import/csv-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { Menu, MenuItem } from '@/ui/multi-select';
import { useToast } from '@/ui/toast';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * The export of a list: "Excel (.xlsx)" for people (typed cells), "CSV" for machines (UTF-8 with BOM,
 * separated as the reader's language writes it: German → semicolon). `onExport` downloads the file.
 */
export function ExportMenu({
  onExport,
}: {
  onExport: (format: ExportFormat, separator: ExportSeparator) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  async function run(format: ExportFormat) {
    setPending(true);
    try {
      await onExport(format, separatorForLocale(i18n.locale));
    } catch (error) {
      const reason = (error as Error).message;
      toast({ variant: 'negative', content: t`Could not export: ${reason}` });
    } finally {
      setPending(false);
    }
  }
  return (
    <Menu
      align="end"
      trigger={
        <Button variant="secondary" disabled={pending}>
          <Download aria-hidden="true" />
          {pending ? <Trans>Exporting…</Trans> : <Trans>Export</Trans>}
          <ChevronDown aria-hidden="true" />
        </Button>
      }
    >
      <MenuItem onSelect={() => void run('xlsx')}>
        <Trans>Excel (.xlsx)</Trans>
      </MenuItem>
      <MenuItem onSelect={() => void run('csv')}>CSV</MenuItem>
    </Menu>
  );
}

/** The file name of an export: `<base>-<today>.<format>`. */
export const exportFileName = (base: string, format: ExportFormat) =>
  `${base}-${new Date().toISOString().slice(0, 10)}.${format}`;
