import { AuditLogTableColumn } from '@equip/domain/audit-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { exportColumnsQuery } from '@/lib/csv-import/download-export';
import { useCurrentUser } from '@/lib/session';
import { ExportMenu } from '@/ui/csv-import/export-menu';
import { PageHeader } from '@/ui/page-header';
import { exportAuditLog } from '../api/export-audit-log';
import { auditLogList } from '../audit-log-list-slice';
import { AuditEventDrawer } from '../components/audit-event-drawer';
import { AuditLogTable } from '../components/audit-log-table';

/**
 * `/dashboard/audit-log`: every event of the organisation with who did it, filterable and exportable;
 * the open event is `/dashboard/audit-log/<uuid>`. Provider admins see which organisation they act for.
 */
export function AuditLogPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const [searchParams] = useSearchParams();
  const organization = user?.organizationName ?? '';
  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Every change made in your organisation: who did what, when, and what it was before.`}
        eyebrow={
          user?.role === 'equip-admin' ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              <Building2 aria-hidden="true" className="size-3.5" />
              <Trans>Acting for {organization}</Trans>
            </span>
          ) : undefined
        }
        actions={
          <ExportMenu
            hasColumnChoice
            onExport={(format, separator, scope) =>
              exportAuditLog(
                auditLogList.toQuery('all', auditLogList.fromUrl(searchParams, 'all')),
                format,
                separator,
                // The table's columns (every event's details and changes come with it), or all with the IDs.
                exportColumnsQuery(scope, AuditLogTableColumn.options),
              )
            }
          />
        }
      />
      <AuditLogTable />
      <AuditEventDrawer />
    </div>
  );
}
