import { type BundleSettings, DefaultManagementMode } from '@equip/domain/bundles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ChoiceCard } from '@/ui/choice-card';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { bundleSettingsQueryOptions, useSaveBundleSettings } from '../api/bundle-settings';

const MODES: Record<DefaultManagementMode, { title: MessageDescriptor; text: MessageDescriptor }> = {
  equip: {
    title: msg`Equip manages them`,
    text: msg`Equip installs, updates and removes the applications and looks after their accounts.`,
  },
  ITOwners: {
    title: msg`Your IT owners manage them`,
    text: msg`The applications are installed through Equip, and your IT owners look after their accounts and licences.`,
  },
};

/**
 * `/dashboard/settings/software`: who manages the applications added to a bundle (SPEC §1/§6, decision
 * 028). An application added without its own settings takes this; bundles already made keep theirs.
 */
export function SoftwareSettingsPage() {
  const { t } = useLingui();
  const settings = useQuery(bundleSettingsQueryOptions());
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        description={t`How the applications you add to bundles are looked after, unless you choose otherwise for one.`}
      />
      {settings.isPending ? (
        <div role="status" aria-label={t`Loading the software settings…`}>
          <Skeleton className="h-56 w-full" />
        </div>
      ) : settings.isError ? (
        <LoadError
          title={<Trans>The software settings could not be loaded</Trans>}
          error={settings.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <DefaultModeForm settings={settings.data} />
      )}
    </div>
  );
}

function DefaultModeForm({ settings }: { settings: BundleSettings }) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const save = useSaveBundleSettings();
  const [mode, setMode] = useState<DefaultManagementMode>(settings.defaultManagementMode);
  const failure = save.isError
    ? describeFailure(save.error, { fallback: t`The software settings could not be saved.` })
    : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { defaultManagementMode: mode },
      { onSuccess: () => toast({ variant: 'positive', content: t`Software settings saved.` }) },
    );
  }

  return (
    <Card className="p-6">
      <form className="space-y-4" onSubmit={onSubmit} aria-label={t`Software settings`}>
        <fieldset className="space-y-3" disabled={save.isPending}>
          <legend className="text-base font-semibold text-slate-900">
            <Trans>Who manages new applications</Trans>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {DefaultManagementMode.options.map((value) => (
              <ChoiceCard
                key={value}
                title={i18n._(MODES[value].title)}
                text={i18n._(MODES[value].text)}
                input={{
                  name: 'defaultManagementMode',
                  value,
                  checked: mode === value,
                  onChange: () => setMode(value),
                }}
              />
            ))}
          </div>
        </fieldset>
        {failure?.message ? <Alert variant="error">{failure.message}</Alert> : null}
        <Button type="submit" loading={save.isPending} disabled={mode === settings.defaultManagementMode}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Card>
  );
}
