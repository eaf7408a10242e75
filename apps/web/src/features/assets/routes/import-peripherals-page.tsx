import { ASSET_IMPORT, assetImportTemplate } from '@equip/domain/asset-import';
import { separatorForLocale } from '@equip/domain/csv-import/csv-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Eraser } from 'lucide-react';
import { paths } from '@/config/paths';
import { downloadExport } from '@/lib/csv-import/download-export';
import { importsCleared } from '@/lib/csv-import/imports-cleared';
import { useAppDispatch } from '@/lib/store';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { ColumnsHint, ImportPage, TemplateLink } from '@/ui/csv-import/import-page';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { peripheralsCount, useImportAssets } from '../lib/use-import-assets';

/** `/dashboard/devices/import-peripherals`: choose a CSV or Excel file, fix its rows, import them all at once. */
export function ImportPeripheralsPage() {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const flow = useImportAssets();
  /** Every peripheral in the import format (CSV, separated as the person's spreadsheet expects), to edit and import back. */
  async function exportAll() {
    try {
      await downloadExport('/assets/export', 'peripherals', {}, 'csv', separatorForLocale(i18n.locale));
    } catch (error) {
      const reason = (error as Error).message;
      toast({ variant: 'negative', content: t`Could not export: ${reason}` });
    }
  }
  const header = (
    <>
      <BackLink to={paths.dashboard.devices('assets')}>
        <Trans>Assets</Trans>
      </BackLink>
      <PageHeader
        description={
          <>
            <ColumnsHint schema={ASSET_IMPORT} />{' '}
            <Trans>
              Assigned To is a person’s email or full name. A custom property of the model goes in a column
              headed property:&lt;key&gt;, one of each item in a column headed item property:&lt;key&gt;.
            </Trans>
          </>
        }
        actions={
          <div className="flex items-center gap-3">
            <Button variant="ghost" size="sm" onClick={() => void exportAll()}>
              <Download aria-hidden="true" />
              <Trans>Download all peripherals</Trans>
            </Button>
            <TemplateLink
              schema={ASSET_IMPORT}
              fileName="peripherals-template.csv"
              content={assetImportTemplate()}
            />
            {flow.result ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => dispatch(importsCleared())}
                disabled={flow.busy}
              >
                <Eraser aria-hidden="true" />
                <Trans>Clear</Trans>
              </Button>
            ) : null}
          </div>
        }
      />
    </>
  );
  return (
    <ImportPage
      schema={ASSET_IMPORT}
      flow={flow}
      header={header}
      commitLabel={(count) => {
        const peripherals = peripheralsCount(count);
        return t`Import ${peripherals}`;
      }}
    />
  );
}
