import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Building2, Server, Webhook } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { TextField } from '@/ui/form-field';
import { SelectField } from '@/ui/select-field';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import {
  organizationSettingsQueryOptions,
  useUpdateOrganizationSettings,
} from '../api/organization-settings';

/** Every IANA time zone the browser knows (the server checks the same names). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The organisation's name and the time zone Equip shows its dates and times in (and plans dated work
 * in: accounts created on a start date, reminders at 09:00). For IT owners.
 */
export function OrganizationSettingsCard() {
  const { t } = useLingui();
  const settings = useQuery(organizationSettingsQueryOptions());
  const update = useUpdateOrganizationSettings();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [timeZone, setTimeZone] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setName(settings.data.name);
    setTimeZone(settings.data.timeZone);
  }, [settings.data]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { name: name.trim(), timeZone },
      { onSuccess: () => toast({ variant: 'positive', content: t`Organisation settings saved.` }) },
    );
  }

  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Building2 aria-hidden="true" className="size-5 text-slate-400" />
        <Trans>Organisation</Trans>
      </h2>
      {settings.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(settings.error, t`The organisation settings could not be loaded.`)}
        </p>
      ) : !settings.data ? (
        <div className="mt-3 space-y-3">
          <Skeleton className="h-9 w-full max-w-xs" />
          <Skeleton className="h-9 w-full max-w-xs" />
        </div>
      ) : (
        <form className="mt-3 max-w-xs space-y-4" onSubmit={onSubmit} aria-label={t`Organisation settings`}>
          <TextField
            label={t`Name`}
            value={name}
            required
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
          <SelectField
            label={t`Time zone`}
            hint={t`Dates and times are shown in it for everyone in the organisation.`}
            options={timeZones(timeZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            error={
              update.isError ? errorMessage(update.error, t`The settings could not be saved.`) : undefined
            }
          />
          <Button type="submit" loading={update.isPending} disabled={!name.trim()}>
            <Trans>Save</Trans>
          </Button>
        </form>
      )}
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Webhook aria-hidden="true" className="size-4 text-slate-400" />
          <Trans>Webhooks</Trans>
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>Send events from Equip to your own systems.</Trans>
        </p>
        <Link
          to={paths.dashboard.webhooks}
          className="mt-2 inline-flex rounded-sm text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Trans>Manage webhooks</Trans>
        </Link>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Server aria-hidden="true" className="size-4 text-slate-400" />
          <Trans>MDM servers</Trans>
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>Connect Fleet so that device actions reach your devices.</Trans>
        </p>
        <Link
          to={paths.dashboard.mdmServers}
          className="mt-2 inline-flex rounded-sm text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Trans>Manage MDM servers</Trans>
        </Link>
      </div>
    </Card>
  );
}
