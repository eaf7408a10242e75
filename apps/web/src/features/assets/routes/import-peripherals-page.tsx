import { ASSET_IMPORT, assetImportTemplate } from '@equip/domain/asset-import';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eraser } from 'lucide-react';
import { paths } from '@/config/paths';
import { importsCleared } from '@/lib/csv-import/imports-cleared';
import { useAppDispatch } from '@/lib/store';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { ColumnsHint, ImportPage, TemplateLink } from '@/ui/csv-import/import-page';
import { PageHeader } from '@/ui/page-header';
import { peripheralsCount, useImportAssets } from '../lib/use-import-assets';

/** `/dashboard/devices/import-peripherals`: choose a CSV or Excel file, fix its rows, import them all at once. */
export function ImportPeripheralsPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const flow = useImportAssets();
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
