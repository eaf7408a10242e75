import type { CatalogItem } from '@equip/domain/procurement';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, ShoppingCart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage, failureMessage } from '@/lib/api/error-message';
import { useCurrentUser } from '@/lib/session';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateCatalogItem, useDeleteCatalogItem, useUpdateCatalogItem } from '../api/catalog-items';
import { CatalogAnnouncements } from '../components/catalog-announcements';
import type { CatalogManagement } from '../components/catalog-columns';
import { CatalogItemDialog, type CatalogItemValues } from '../components/catalog-item-dialog';
import { CatalogTable } from '../components/catalog-table';

/**
 * `/dashboard/catalog` (issue 31, item 1): the hardware catalog — General models curated by Equip and
 * the organisation's own — searched and filtered on the list machinery, with its banners. IT owners add,
 * change and remove their organisation's models; provider admins also the General ones (decision 031).
 */
export function CatalogPage() {
  const { t } = useLingui();
  const { toast } = useToast();
  const isProviderAdmin = useCurrentUser()?.role === 'equip-admin';
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<CatalogItem | null>(null);
  const create = useCreateCatalogItem();
  const update = useUpdateCatalogItem();
  const remove = useDeleteCatalogItem();

  const manage = useMemo<CatalogManagement>(
    () => ({
      canChange: (item) => item.scope === 'Organization' || isProviderAdmin,
      onChange: setEditing,
      onRemove: setRemoving,
    }),
    [isProviderAdmin],
  );

  async function save(values: CatalogItemValues): Promise<string | null> {
    try {
      if (editing === 'new' || editing === null) {
        const created = await create.mutateAsync(values);
        toast({ variant: 'positive', content: t`${created.label} is in the catalog.` });
      } else {
        const { scope: _scope, ...changes } = values;
        const changed = await update.mutateAsync({ uuid: editing.uuid, changes });
        toast({ variant: 'positive', content: t`${changed.label} saved.` });
      }
      setEditing(null);
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  }

  const removingLabel = removing?.label ?? '';
  return (
    <div className="space-y-6">
      <BackLink to={paths.dashboard.orders()}>
        <Trans>Orders</Trans>
      </BackLink>
      <PageHeader
        description={t`Models you can order for your employees, bought once or rented monthly.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              <Trans>Add a model</Trans>
            </Button>
            <Button asChild>
              <Link to={paths.dashboard.orderWizard()}>
                <ShoppingCart aria-hidden="true" />
                <Trans>Order hardware</Trans>
              </Link>
            </Button>
          </>
        }
      />
      <CatalogAnnouncements />
      <CatalogTable manage={manage} />
      <CatalogItemDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        item={editing === 'new' ? null : editing}
        canChooseScope={isProviderAdmin}
        pending={create.isPending || update.isPending}
        onSubmit={save}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t`Remove ${removingLabel}?`}
        description={t`It leaves the catalog. Orders already placed keep their devices.`}
        confirmLabel={t`Remove`}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t`Removing…`}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.uuid, {
            onSuccess: () => {
              toast({ variant: 'positive', content: t`${removingLabel} removed from the catalog.` });
              setRemoving(null);
            },
            onError: (error) =>
              toast({ variant: 'negative', content: failureMessage(t`Could not remove the model`, error) }),
          });
        }}
      />
    </div>
  );
}
