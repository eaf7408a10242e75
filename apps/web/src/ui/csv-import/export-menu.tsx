import { type ExportSeparator, separatorForLocale } from '@equip/domain/csv-import/csv-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat, ExportScope } from '@/lib/csv-import/download-export';
import { Button } from '@/ui/button';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '@/ui/multi-select';
import { useToast } from '@/ui/toast';

/**
 * The export of a list: "Excel (.xlsx)" for people (typed cells), "CSV" for machines (UTF-8 with BOM,
 * separated as the reader's language writes it: German → semicolon). `onExport` downloads the file
 * with the columns the table shows; with `hasColumnChoice` (a table whose columns can be hidden) the
 * menu also offers both with all columns.
 */
export function ExportMenu({
  onExport,
  hasColumnChoice = false,
}: {
  onExport: (format: ExportFormat, separator: ExportSeparator, scope: ExportScope) => Promise<void>;
  hasColumnChoice?: boolean;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  async function run(format: ExportFormat, scope: ExportScope = 'shown') {
    setPending(true);
    try {
      await onExport(format, separatorForLocale(i18n.locale), scope);
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
      {hasColumnChoice ? (
        <MenuLabel>
          <Trans>Shown columns</Trans>
        </MenuLabel>
      ) : null}
      <MenuItem onSelect={() => void run('xlsx')}>
        <Trans>Excel (.xlsx)</Trans>
      </MenuItem>
      <MenuItem onSelect={() => void run('csv')}>CSV</MenuItem>
      {hasColumnChoice ? (
        <>
          <MenuSeparator />
          <MenuLabel>
            <Trans>All columns</Trans>
          </MenuLabel>
          <MenuItem onSelect={() => void run('xlsx', 'all')}>
            <Trans>Excel (.xlsx), all columns</Trans>
          </MenuItem>
          <MenuItem onSelect={() => void run('csv', 'all')}>
            <Trans>CSV, all columns</Trans>
          </MenuItem>
        </>
      ) : null}
    </Menu>
  );
}
