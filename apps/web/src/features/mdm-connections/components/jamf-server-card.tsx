import type { MdmConnection } from '@equip/domain/mdm-connections';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, PlugZap, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useCheckMdmConnection } from '../api/check-mdm-connection';
import { useDeleteMdmConnection } from '../api/delete-mdm-connection';
import { JamfConnectionDialog } from './jamf-connection-dialog';

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Jamf Pro';

/**
 * Jamf Pro: connected (address, the API client's ID and its secret's last characters, the last test and
 * what it found; test again, change, disconnect after a confirmation) or not yet (connect). Laid out like
 * Fleet's card (fleet-server-card.tsx).
 */
export function JamfServerCard({ connection }: { connection: MdmConnection | undefined }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const check = useCheckMdmConnection();
  const remove = useDeleteMdmConnection();

  function test() {
    check.mutate('JAMF', {
      onSuccess: (checked) =>
        checked.lastError
          ? toast({
              variant: 'negative',
              content: t`The connection test failed: ${translateKnownMessage(checked.lastError)}`,
            })
          : toast({ variant: 'positive', content: t`The connection to Jamf Pro works.` }),
      onError: (error) =>
        toast({ variant: 'negative', content: errorMessage(error, t`The connection could not be tested.`) }),
    });
  }

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {PRODUCT_NAME}
            {!connection ? (
              <Badge tone="neutral" dot>
                <Trans>Not connected</Trans>
              </Badge>
            ) : connection.lastError ? (
              <Badge tone="red" dot>
                <Trans>Connection failing</Trans>
              </Badge>
            ) : (
              <Badge tone="green" dot>
                <Trans>Connected</Trans>
              </Badge>
            )}
          </h2>
          {connection ? (
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">
                <Trans>Server</Trans>
              </dt>
              <dd className="font-mono break-all text-slate-900">{connection.baseUrl}</dd>
              <dt className="text-slate-500">
                <Trans>Client ID</Trans>
              </dt>
              <dd className="font-mono break-all text-slate-900">{connection.clientId}</dd>
              <dt className="text-slate-500">
                <Trans>Client secret</Trans>
              </dt>
              <dd className="text-slate-900">
                {connection.tokenHint ? (
                  <Trans>
                    Ending in <span className="font-mono">{connection.tokenHint}</span>
                  </Trans>
                ) : (
                  <Trans>Stored encrypted</Trans>
                )}
              </dd>
              <dt className="text-slate-500">
                <Trans>Last tested</Trans>
              </dt>
              <dd className="text-slate-900">
                {connection.lastCheckedAt ? formatDateTime(connection.lastCheckedAt) : <Trans>Never</Trans>}
              </dd>
              {connection.lastError ? (
                <>
                  <dt className="text-slate-500">
                    <Trans>Problem</Trans>
                  </dt>
                  <dd className="text-red-700">{translateKnownMessage(connection.lastError)}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-600">
              <Trans>
                Connect your Jamf Pro server so that device actions such as lock, restart, wipe and lost mode
                reach the Macs, iPhones and iPads Jamf Pro manages.
              </Trans>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {connection ? (
            <>
              <Button variant="secondary" size="sm" loading={check.isPending} onClick={test}>
                {check.isPending ? null : <RefreshCw aria-hidden="true" />}
                <Trans>Test connection</Trans>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                <Trans>Change</Trans>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                <Unplug aria-hidden="true" />
                <Trans>Disconnect</Trans>
              </Button>
            </>
          ) : (
            <Button onClick={() => setEditing(true)}>
              <PlugZap aria-hidden="true" />
              <Trans>Connect Jamf Pro</Trans>
            </Button>
          )}
        </div>
      </div>

      <JamfConnectionDialog
        open={editing}
        onOpenChange={setEditing}
        connection={connection}
        onSaved={() => {
          setEditing(false);
          toast({
            variant: 'positive',
            content: connection ? t`The Jamf Pro connection was saved.` : t`Jamf Pro is connected.`,
          });
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Disconnect Jamf Pro?`}
        description={t`Equip forgets the server’s address and API client. Device actions for devices managed by Jamf Pro stop reaching them until you connect it again.`}
        confirmLabel={t`Disconnect`}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t`Disconnecting…`}
        onConfirm={() =>
          remove.mutate('JAMF', {
            onSuccess: () => {
              setConfirming(false);
              toast({ variant: 'positive', content: t`Jamf Pro is disconnected.` });
            },
            onError: (error) =>
              toast({
                variant: 'negative',
                content: errorMessage(error, t`Jamf Pro could not be disconnected.`),
              }),
          })
        }
      />
    </Card>
  );
}
