import type { DeviceDetail } from '@equip/domain/devices';
import { type DeviceCommand, isCommandOpen, type MdmProvider, type MdmReach } from '@equip/domain/mdm';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { LoadError } from '@/ui/load-error';
import { Notice } from '@/ui/notice';
import { Skeleton } from '@/ui/skeleton';
import { hasOpenCommand, useDeviceCommands } from '../api/device-actions';
import { deviceKeys } from '../api/query-keys';
import {
  COMMAND_STATE_LABELS,
  DEVICE_ACTION_LABELS,
  DEVICE_MDM_STATUS_LABELS,
} from '../lib/device-action-labels';
import { DeviceActionsMenu } from './device-actions-menu';
import { Field, None, Section } from './device-fields';

/**
 * The device's MDM actions in the drawer: its reported MDM status, the "Actions" menu, and its recent
 * commands with their progress — asked for every second while one is under way, until the device
 * confirms; then the device's detail and the lists are refreshed. A command whose last try failed and
 * that is tried again says why and when the next try comes (issue 27).
 */
export function DeviceMdmSection({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const commands = useDeviceCommands(device.uuid);
  const open = hasOpenCommand(commands.data);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open)
      void queryClient.invalidateQueries({
        queryKey: deviceKeys.all,
        predicate: (query) => query.queryKey[1] !== 'actions',
      });
    wasOpen.current = open;
  }, [open, queryClient]);
  const mdmStatus = commands.data ? commands.data.mdmStatus : device.mdmStatus;

  return (
    <Section
      title={<Trans>Device actions</Trans>}
      action={<DeviceActionsMenu device={{ ...device, mdmStatus }} />}
    >
      <Field label={<Trans>MDM status</Trans>}>
        <span aria-live="polite">
          {mdmStatus ? (
            i18n._(DEVICE_MDM_STATUS_LABELS[mdmStatus])
          ) : (
            <None>
              <Trans>Not reported</Trans>
            </None>
          )}
        </span>
      </Field>
      {commands.data && device.mdmProvider ? (
        <MdmReachNotice reach={commands.data.reachedThrough} provider={device.mdmProvider} />
      ) : null}
      {commands.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : commands.isError && !commands.data ? (
        <LoadError
          title={<Trans>Could not load the device's actions</Trans>}
          error={commands.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void commands.refetch()}
          retrying={commands.isFetching}
        />
      ) : commands.data.items.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">
          <Trans>No actions sent to this device yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Recent actions`} className="divide-y divide-slate-100">
          {commands.data.items.slice(0, 5).map((command) => (
            <CommandRow key={command.uuid} command={command} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function CommandRow({ command }: { command: DeviceCommand }) {
  const { t, i18n } = useLingui();
  const label = i18n._(DEVICE_ACTION_LABELS[command.action]);
  const running = isCommandOpen(command.state);
  const error = command.error;
  // Still open with an error: the last try failed and another comes.
  const retrying = running && error !== null;
  const state = retrying ? t`Retrying` : i18n._(COMMAND_STATE_LABELS[command.state]);
  const next = command.nextAttemptAt;
  const nextIn = formatRelativeTime(next);
  const by = command.requestedByName;
  const pin = command.unlockPin;
  return (
    <li className="py-2 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-slate-900">{label}</span>
        <span
          className={cn(
            'text-xs',
            command.state === 'failed'
              ? 'text-red-700'
              : command.state === 'completed'
                ? 'text-emerald-700'
                : retrying
                  ? 'text-amber-800'
                  : 'text-slate-600',
          )}
        >
          {state}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t`${label}: ${state}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={command.progress}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            command.state === 'failed'
              ? 'bg-red-500'
              : command.state === 'completed'
                ? 'bg-emerald-500'
                : retrying
                  ? 'bg-amber-500'
                  : 'bg-indigo-500',
            running && 'animate-pulse',
          )}
          style={{ width: `${command.progress}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={command.createdAt} title={formatDateTime(command.createdAt)}>
          {formatRelativeTime(command.createdAt)}
        </time>
        {by ? <> · {t`by ${by}`}</> : null}
      </p>
      {retrying ? (
        <div className="mt-1 text-xs text-amber-800">
          <p>
            <Trans>Last try failed: {error}</Trans>
          </p>
          {next ? (
            <p>
              <Trans>
                Next try{' '}
                <time dateTime={next} title={formatDateTime(next)}>
                  {nextIn}
                </time>
              </Trans>
            </p>
          ) : null}
        </div>
      ) : error ? (
        <p className="mt-1 text-xs text-red-700">{error}</p>
      ) : null}
      {pin ? (
        <p className="mt-1 text-xs text-slate-700">
          <Trans>
            PIN to type on the device: <span className="font-mono font-semibold">{pin}</span>
          </Trans>
        </p>
      ) : null}
    </li>
  );
}

/**
 * Says how the actions reach the device when it is not through the organisation's own MDM server: the
 * sandbox simulates the device's answers (the demo, a trial), or nothing can send them yet.
 */
function MdmReachNotice({ reach, provider }: { reach: MdmReach | null; provider: MdmProvider }) {
  const name = MDM_PROVIDER_NAMES[provider];
  if (reach === 'server') return null;
  return (
    <Notice>
      {reach === 'sandbox' ? (
        <Trans>
          Demo: no {name} server is connected, so Equip simulates this device's answers. Nothing is sent to a
          real device.
        </Trans>
      ) : (
        <Trans>
          No {name} server is connected: actions cannot reach this device. Connect one in{' '}
          <Link to={paths.dashboard.mdmServers} className="font-medium underline underline-offset-2">
            MDM servers
          </Link>
          .
        </Trans>
      )}
    </Notice>
  );
}
