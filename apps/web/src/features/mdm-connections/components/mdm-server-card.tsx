import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection } from '@equip/domain/mdm-connections';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, PlugZap, RefreshCw, Unplug } from 'lucide-react';
import { type ComponentType, useState } from 'react';
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
import type { ConnectionDialogProps } from './connection-dialog';
import { FleetConnectionDialog } from './fleet-connection-dialog';
import { LastSyncDetails, SyncNowButton } from './inventory-sync';
import { JamfConnectionDialog } from './jamf-connection-dialog';
import { ManageEngineConnectionDialog } from './manage-engine-connection-dialog';

/** What differs between the providers' cards: the product's name, its dialog, its credentials, its words. */
interface ProviderCard {
  /** The product's name, the same in every language. */
  name: string;
  Dialog: ComponentType<ConnectionDialogProps>;
  /** Jamf Pro is reached with an API client (ID and secret), the others with an API token or key. */
  credentials: 'token' | 'apiKey' | 'client';
  intro: MessageDescriptor;
  connect: MessageDescriptor;
  works: MessageDescriptor;
  saved: MessageDescriptor;
  connected: MessageDescriptor;
  disconnectTitle: MessageDescriptor;
  disconnectDescription: MessageDescriptor;
  disconnected: MessageDescriptor;
  disconnectFailed: MessageDescriptor;
}

const PROVIDER_CARDS: Record<MdmProvider, ProviderCard> = {
  FLEET: {
    name: 'Fleet',
    Dialog: FleetConnectionDialog,
    credentials: 'token',
    intro: msg`Connect your Fleet server so that device actions such as lock, unlock and wipe reach the devices Fleet manages.`,
    connect: msg`Connect Fleet`,
    works: msg`The connection to Fleet works.`,
    saved: msg`The Fleet connection was saved.`,
    connected: msg`Fleet is connected.`,
    disconnectTitle: msg`Disconnect Fleet?`,
    disconnectDescription: msg`Equip forgets the server’s address and API token. Device actions for devices managed by Fleet stop reaching them until you connect it again.`,
    disconnected: msg`Fleet is disconnected.`,
    disconnectFailed: msg`Fleet could not be disconnected.`,
  },
  JAMF: {
    name: 'Jamf Pro',
    Dialog: JamfConnectionDialog,
    credentials: 'client',
    intro: msg`Connect your Jamf Pro server so that device actions such as lock, restart, wipe and lost mode reach the Macs, iPhones and iPads Jamf Pro manages.`,
    connect: msg`Connect Jamf Pro`,
    works: msg`The connection to Jamf Pro works.`,
    saved: msg`The Jamf Pro connection was saved.`,
    connected: msg`Jamf Pro is connected.`,
    disconnectTitle: msg`Disconnect Jamf Pro?`,
    disconnectDescription: msg`Equip forgets the server’s address and API client. Device actions for devices managed by Jamf Pro stop reaching them until you connect it again.`,
    disconnected: msg`Jamf Pro is disconnected.`,
    disconnectFailed: msg`Jamf Pro could not be disconnected.`,
  },
  MANAGE_ENGINE: {
    name: 'ManageEngine',
    Dialog: ManageEngineConnectionDialog,
    credentials: 'apiKey',
    intro: msg`Connect your ManageEngine MDM server so that device actions such as lock, restart, wipe and lost mode reach the devices ManageEngine manages.`,
    connect: msg`Connect ManageEngine`,
    works: msg`The connection to ManageEngine works.`,
    saved: msg`The ManageEngine connection was saved.`,
    connected: msg`ManageEngine is connected.`,
    disconnectTitle: msg`Disconnect ManageEngine?`,
    disconnectDescription: msg`Equip forgets the server’s address and API key. Device actions for devices managed by ManageEngine stop reaching them until you connect it again.`,
    disconnected: msg`ManageEngine is disconnected.`,
    disconnectFailed: msg`ManageEngine could not be disconnected.`,
  },
};

/**
 * One MDM server's card (Fleet, Jamf Pro, ManageEngine): connected (address, the credentials' visible
 * part, the last test and what it found, the last inventory sync and what it did; sync now, test again,
 * change, disconnect after a confirmation) or not yet
 * (connect, in the provider's dialog).
 */
export function MdmServerCard({
  provider,
  connection,
}: {
  provider: MdmProvider;
  connection: MdmConnection | undefined;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const check = useCheckMdmConnection();
  const remove = useDeleteMdmConnection();
  const card = PROVIDER_CARDS[provider];
  const { Dialog } = card;

  function test() {
    check.mutate(provider, {
      onSuccess: (checked) =>
        checked.lastError
          ? toast({
              variant: 'negative',
              content: t`The connection test failed: ${translateKnownMessage(checked.lastError)}`,
            })
          : toast({ variant: 'positive', content: i18n._(card.works) }),
      onError: (error) =>
        toast({ variant: 'negative', content: errorMessage(error, t`The connection could not be tested.`) }),
    });
  }

  const hint = connection?.tokenHint ? (
    <Trans>
      Ending in <span className="font-mono">{connection.tokenHint}</span>
    </Trans>
  ) : (
    <Trans>Stored encrypted</Trans>
  );

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {card.name}
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
              {card.credentials === 'client' ? (
                <>
                  <dt className="text-slate-500">
                    <Trans>Client ID</Trans>
                  </dt>
                  <dd className="font-mono break-all text-slate-900">{connection.clientId}</dd>
                  <dt className="text-slate-500">
                    <Trans>Client secret</Trans>
                  </dt>
                </>
              ) : card.credentials === 'apiKey' ? (
                <dt className="text-slate-500">
                  <Trans>API key</Trans>
                </dt>
              ) : (
                <dt className="text-slate-500">
                  <Trans>API token</Trans>
                </dt>
              )}
              <dd className="text-slate-900">{hint}</dd>
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
              <LastSyncDetails sync={connection.sync} />
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{i18n._(card.intro)}</p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {connection ? (
            <>
              <SyncNowButton provider={provider} sync={connection.sync} />
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
              {i18n._(card.connect)}
            </Button>
          )}
        </div>
      </div>

      <Dialog
        open={editing}
        onOpenChange={setEditing}
        connection={connection}
        onSaved={() => {
          setEditing(false);
          toast({ variant: 'positive', content: i18n._(connection ? card.saved : card.connected) });
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={i18n._(card.disconnectTitle)}
        description={i18n._(card.disconnectDescription)}
        confirmLabel={t`Disconnect`}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t`Disconnecting…`}
        onConfirm={() =>
          remove.mutate(provider, {
            onSuccess: () => {
              setConfirming(false);
              toast({ variant: 'positive', content: i18n._(card.disconnected) });
            },
            onError: (error) =>
              toast({ variant: 'negative', content: errorMessage(error, i18n._(card.disconnectFailed)) }),
          })
        }
      />
    </Card>
  );
}
