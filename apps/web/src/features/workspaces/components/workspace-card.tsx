import { WORKSPACE_PROVIDER_NAMES, type Workspace } from '@equip/domain/workspaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useCheckWorkspace, useRemoveWorkspace } from '../api/workspaces';
import { CHECK_ERROR_LABELS, isCheckError } from './workspace-labels';

/** The connected workspace: provider, domain, status with the reason it fails; Test and Disconnect. */
export function WorkspaceCard({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const check = useCheckWorkspace();
  const remove = useRemoveWorkspace();
  const [confirming, setConfirming] = useState(false);
  const name = WORKSPACE_PROVIDER_NAMES[workspace.provider];
  const reason = workspace.lastError
    ? isCheckError(workspace.lastError)
      ? i18n._(CHECK_ERROR_LABELS[workspace.lastError])
      : workspace.lastError
    : null;

  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold text-slate-900">{name}</h2>
          <p className="text-sm text-slate-600">
            {workspace.domain ?? <Trans>Domain unknown</Trans>}
            {workspace.sandbox ? (
              <>
                {' · '}
                <Trans>Sandbox</Trans>
              </>
            ) : null}
          </p>
        </div>
        <Badge
          dot
          tone={workspace.status === 'ACTIVE' ? 'green' : workspace.status === 'INVALID' ? 'red' : 'neutral'}
        >
          {workspace.status === 'ACTIVE' ? (
            <Trans>Connected</Trans>
          ) : workspace.status === 'INVALID' ? (
            <Trans>Not working</Trans>
          ) : (
            <Trans>Paused</Trans>
          )}
        </Badge>
      </div>
      {reason ? (
        <p className="text-sm text-red-700" role="status">
          {reason}
          {workspace.lastErrorDetail ? `: ${workspace.lastErrorDetail}` : ''}
        </p>
      ) : null}
      {workspace.lastCheckedAt ? (
        <p className="text-xs text-slate-500">
          <Trans>Last checked {formatDateTime(workspace.lastCheckedAt)}</Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={check.isPending}
          onClick={() =>
            check.mutate(undefined, {
              onSuccess: (checked) =>
                checked.status === 'ACTIVE'
                  ? toast({ variant: 'positive', content: t`The connection to ${name} works.` })
                  : toast({ variant: 'negative', content: t`The connection test failed.` }),
              onError: (error) => toast({ variant: 'negative', content: errorMessage(error) }),
            })
          }
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          <Trans>Test connection</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Unplug aria-hidden="true" className="size-4" />
          <Trans>Disconnect</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Disconnect ${name}?`}
        description={t`Equip forgets the access, the groups and the auto-assignment rules. Nothing changes in the workspace itself.`}
        confirmLabel={t`Disconnect`}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ variant: 'positive', content: t`${name} is disconnected.` });
            },
            onError: (error) => toast({ variant: 'negative', content: errorMessage(error) }),
          })
        }
      />
    </Card>
  );
}
