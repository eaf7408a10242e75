import type { DeviceDetail } from '@equip/domain/devices';
import { isCommandOpen } from '@equip/domain/mdm';
import type { SoftwareCommand } from '@equip/domain/software-installs';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { Button } from '@/ui/button';
import { SearchInput } from '@/ui/search-input';
import { toast } from '@/ui/toast-store';
import {
  isAwaited,
  type SoftwareVerb,
  useCatalogSearch,
  useSoftwareCommand,
  useSoftwareCommands,
} from '../api/software-installs';

/**
 * Installing and uninstalling a catalog application on the device through its MDM (decision 030): a
 * picker over the catalog, and the device's recent installs and uninstalls with where each stands —
 * queued, at the MDM, done and awaiting the next inventory, confirmed, or failed with the reason.
 */
export function DeviceSoftwareInstalls({ device }: { device: DeviceDetail }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const catalog = useCatalogSearch(search);
  const commands = useSoftwareCommands(device.uuid);
  const request = useSoftwareCommand(device.uuid);
  const [asking, setAsking] = useState<string | null>(null);

  const ask = (verb: SoftwareVerb, applicationUuid: string, name: string) => {
    setAsking(`${verb}:${applicationUuid}`);
    request.mutate(
      { verb, applicationUuid },
      {
        onSuccess: () =>
          toast({
            variant: 'positive',
            content: verb === 'install' ? t`Installing ${name}` : t`Uninstalling ${name}`,
          }),
        onError: (failure) =>
          toast({
            variant: 'negative',
            content: failureMessage(
              verb === 'install' ? t`Could not install ${name}` : t`Could not uninstall ${name}`,
              failure,
            ),
          }),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${device.uuid}-installs`}
      className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200"
    >
      <h3 id={`${device.uuid}-installs`} className="text-sm font-medium text-slate-900">
        <Trans>Install or uninstall an application</Trans>
      </h3>
      <SearchInput
        label={t`Search the catalog`}
        placeholder={t`Application name`}
        value={search}
        onValueChange={setSearch}
      />
      <ul aria-label={t`Catalog applications`} className="max-h-48 divide-y divide-slate-100 overflow-y-auto">
        {catalog.data?.length === 0 ? (
          <li className="px-1 py-2 text-sm text-slate-500">
            <Trans>No application in the catalog matches.</Trans>
          </li>
        ) : null}
        {catalog.data?.map(({ uuid, name }) => (
          <li key={uuid} className="flex items-center justify-between gap-3 px-1 py-1.5 text-sm">
            <span className="min-w-0 truncate text-slate-900">{name}</span>
            <span className="flex shrink-0 gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-label={t`Install ${name}`}
                loading={asking === `install:${uuid}`}
                onClick={() => ask('install', uuid, name)}
              >
                <Download aria-hidden="true" />
                <Trans>Install</Trans>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t`Uninstall ${name}`}
                loading={asking === `uninstall:${uuid}`}
                onClick={() => ask('uninstall', uuid, name)}
              >
                <Trash2 aria-hidden="true" />
                <Trans>Uninstall</Trans>
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {commands.data && commands.data.items.length > 0 ? (
        <ul aria-label={t`Recent installs`} className="divide-y divide-slate-100">
          {commands.data.items.slice(0, 5).map((command) => (
            <CommandRow key={command.uuid} command={command} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One install or uninstall: the application, what was asked, and where it stands. */
function CommandRow({ command }: { command: SoftwareCommand }) {
  const { t } = useLingui();
  const name = command.application.name;
  const install = command.action === 'install_software';
  const retrying = isCommandOpen(command.state) && command.error !== null;
  const next = formatRelativeTime(command.nextAttemptAt);
  const state =
    command.state === 'failed'
      ? t`Failed`
      : command.confirmedAt
        ? install
          ? t`Installed`
          : t`Removed`
        : command.state === 'completed'
          ? t`Done at the MDM, awaiting the next inventory`
          : retrying
            ? t`Retrying ${next}`
            : command.state === 'sent'
              ? t`Sent to the MDM`
              : t`Queued`;
  return (
    <li className="py-2 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate font-medium text-slate-900">
          {install ? <Trans>Install {name}</Trans> : <Trans>Uninstall {name}</Trans>}
        </span>
        <span
          className={cn(
            'shrink-0 text-xs',
            command.state === 'failed'
              ? 'text-red-700'
              : command.confirmedAt
                ? 'text-emerald-700'
                : retrying
                  ? 'text-amber-800'
                  : 'text-slate-600',
            isAwaited(command) && 'animate-pulse',
          )}
        >
          {state}
        </span>
      </div>
      {command.error ? <p className="mt-1 text-xs text-slate-600">{command.error}</p> : null}
    </li>
  );
}
