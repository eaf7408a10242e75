import type { ProviderAdmin } from '@equip/domain/provider-admins';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { fullName } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { PageHeader } from '@/ui/page-header';
import { toast } from '@/ui/toast-store';
import { useDisableProviderAdmin } from '../api/disable-provider-admin';
import { AddProviderAdminDialog } from '../components/add-provider-admin-dialog';
import { EmailConflictsAlert } from '../components/email-conflicts-alert';
import { ProviderAdminsTable } from '../components/provider-admins-table';

/**
 * `/dashboard/provider-admins` (provider admins only): the people who run this installation. They
 * belong to no organisation; they add each other here (an invitation by email) and disable each other
 * (never themselves, never the last one). The operator can do the same with `npm run admin`.
 */
export function ProviderAdminsPage() {
  const { t } = useLingui();
  const currentUser = useCurrentUser();
  const disable = useDisableProviderAdmin();
  const [adding, setAdding] = useState(false);
  const [toDisable, setToDisable] = useState<ProviderAdmin | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const disableName = toDisable ? fullName(toDisable) : null;

  function confirmDisable() {
    if (!toDisable) return;
    const name = fullName(toDisable);
    disable.mutate(toDisable.uuid, {
      onSuccess: () => {
        setToDisable(null);
        toast({ variant: 'positive', content: t`${name} was disabled and can no longer sign in.` });
        // Their row is gone: focus stays in the list instead of falling to the page.
        requestAnimationFrame(() => tableRef.current?.focus());
      },
    });
  }

  const askToDisable = useCallback(
    (admin: ProviderAdmin) => {
      disable.reset();
      setToDisable(admin);
    },
    [disable.reset],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        description={t`The people who run this installation and can act for every organisation. They belong to no organisation.`}
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            <Trans>Add provider admin</Trans>
          </Button>
        }
      />
      <EmailConflictsAlert />
      <ProviderAdminsTable
        ref={tableRef}
        currentUserUuid={currentUser?.accountUuid}
        onDisable={askToDisable}
      />
      <AddProviderAdminDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={toDisable !== null}
        onOpenChange={(open) => {
          if (!open && !disable.isPending) setToDisable(null);
        }}
        tone="danger"
        title={disableName ? t`Disable ${disableName}?` : ''}
        description={t`They can no longer sign in, and their open sessions end at once. Their past actions stay in the event log.`}
        confirmLabel={t`Disable`}
        pending={disable.isPending}
        pendingLabel={t`Disabling…`}
        onConfirm={confirmDisable}
      >
        {disable.isError ? (
          <Alert variant="error" className="mt-4">
            {errorMessage(disable.error, t`The provider admin could not be disabled. Please try again.`)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
