import type { AdminOrganization } from '@equip/domain/organizations';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { PageHeader } from '@/ui/page-header';
import { toast } from '@/ui/toast-store';
import { useSetOrganizationActive } from '../api/deactivate-organization';
import { CreateOrganizationDialog } from '../components/create-organization-dialog';
import { OrganizationsTable } from '../components/organizations-table';
import { RenameOrganizationDialog } from '../components/rename-organization-dialog';

/**
 * `/dashboard/settings/organizations` (provider admins only; `/dashboard/organizations` leads here): the
 * organisations of this installation with their people and devices. Provider admins create one with its
 * first IT owner, rename one, and deactivate one (its people's sessions end and they cannot sign in)
 * or reactivate it. Acting for one stays the top bar's organisation switcher.
 */
export function OrganizationsPage() {
  const { t } = useLingui();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<AdminOrganization | null>(null);
  const [toggling, setToggling] = useState<AdminOrganization | null>(null);
  const setActive = useSetOrganizationActive();
  const tableRef = useRef<HTMLDivElement>(null);
  const deactivating = toggling !== null && toggling.deactivatedAt === null;
  const name = toggling?.name ?? '';

  const askToToggle = useCallback(
    (organization: AdminOrganization) => {
      setActive.reset();
      setToggling(organization);
    },
    [setActive.reset],
  );
  const startCreating = useCallback(() => setCreating(true), []);

  function confirmToggle() {
    if (!toggling) return;
    const organization = toggling;
    setActive.mutate(
      { uuid: organization.uuid, active: organization.deactivatedAt !== null },
      {
        onSuccess: (changed) => {
          setToggling(null);
          const changedName = changed.name;
          toast({
            variant: 'positive',
            content: changed.deactivatedAt
              ? t`${changedName} was deactivated. Its people can no longer sign in.`
              : t`${changedName} was reactivated. Its people can sign in again.`,
          });
          requestAnimationFrame(() => tableRef.current?.focus());
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        description={t`The organisations of this installation. Create one with its first IT owner; act for one with the organisation switcher at the top.`}
        actions={
          <Button onClick={startCreating}>
            <Plus aria-hidden="true" />
            <Trans>Create organisation</Trans>
          </Button>
        }
      />
      <OrganizationsTable
        ref={tableRef}
        onRename={setRenaming}
        onToggleActive={askToToggle}
        onCreate={startCreating}
      />
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      <RenameOrganizationDialog organization={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => {
          if (!open && !setActive.isPending) setToggling(null);
        }}
        tone={deactivating ? 'danger' : 'primary'}
        title={deactivating ? t`Deactivate ${name}?` : t`Reactivate ${name}?`}
        description={
          deactivating
            ? t`Its people’s sessions end at once and they can no longer sign in, reset their password or enrol a device. Its data, devices, webhooks and MDM servers stay; provider admins can still act for it.`
            : t`Its people can sign in again with their passwords or single sign-on.`
        }
        confirmLabel={deactivating ? t`Deactivate` : t`Reactivate`}
        pending={setActive.isPending}
        pendingLabel={deactivating ? t`Deactivating…` : t`Reactivating…`}
        onConfirm={confirmToggle}
      >
        {setActive.isError ? (
          <Alert variant="error" className="mt-4">
            {errorMessage(setActive.error, t`The organisation could not be changed. Please try again.`)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
