import { useLingui } from '@lingui/react/macro';
import { FileSpreadsheet } from 'lucide-react';
import { paths } from '@/config/paths';
import { BackLink } from '@/ui/back-link';
import { PlaceholderPage } from '@/ui/placeholder-page';

/**
 * `/dashboard/devices/import-peripherals`. The import runs on the shared machinery once the assets'
 * column schema exists (docs/architecture.md, "Imports and exports"): a column schema in the domain,
 * a route with `commitImport`, and this page with `useImportFlow` and `ImportPage`.
 */
export function ImportPeripheralsPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      back={<BackLink to={paths.dashboard.devices('assets')}>{t`Assets`}</BackLink>}
      description={t`Bring peripherals in from a CSV or Excel file.`}
      icon={FileSpreadsheet}
      emptyTitle={t`CSV and Excel import is coming`}
      emptyDescription={t`Upload a CSV or Excel file with name, vendor, model and kind, plus per-item serial numbers, notes and assignees; review each row before importing.`}
    />
  );
}
