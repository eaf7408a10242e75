import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { TimeZoneSelect } from '@/features/organizations/public';
import { errorMessage } from '@/lib/api/error-message';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { TextField } from '@/ui/form-field';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import {
  organizationSettingsQueryOptions,
  useUpdateOrganizationSettings,
} from '../api/organization-settings';

/**
 * The organisation's name and the time zone Equip shows its dates and times in (and plans dated work
 * in: accounts created on a start date, reminders at 09:00). For IT owners and provider admins.
 */
export function OrganizationForm() {
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
          <TimeZoneSelect
            label={t`Time zone`}
            hint={t`Dates and times are shown in it for everyone in the organisation.`}
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
    </Card>
  );
}
