import {
  type ConnectIntegrationRequest,
  HR_PROVIDER_NAMES,
  type HrCredentialField,
  type HrIntegration,
  HrLanguage,
  type HrProvider,
} from '@equip/domain/integrations';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Pencil, Play, PlugZap, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConnectionDialog, type ConnectionSave } from '@/ui/connection-dialog';
import { ConfirmDialog } from '@/ui/dialog';
import { SelectField } from '@/ui/select-field';
import { useToast } from '@/ui/toast';
import { useCheckIntegration } from '../api/check-integration';
import { useConnectIntegration } from '../api/connect-integration';
import { usePauseIntegration } from '../api/pause-integration';
import { useRemoveIntegration } from '../api/remove-integration';
import { useResumeIntegration } from '../api/resume-integration';
import {
  HR_LANGUAGE_LABELS,
  INTEGRATION_SETUP_STATUS_LABELS,
  INTEGRATION_STATUS_LABELS,
} from '../lib/integration-labels';
import { HR_FORMS } from './hr-forms';
import { SyncSection } from './sync-section';

/** The reason a test failed, in the reader's language, with the HR system's own words after it. */
export function failureReason(integration: HrIntegration): string | null {
  if (!integration.lastError) return null;
  const reason = translateKnownMessage(integration.lastError);
  return integration.lastErrorDetail ? `${reason}: ${integration.lastErrorDetail}` : reason;
}

function StatusBadge({ integration }: { integration: HrIntegration | undefined }) {
  if (!integration)
    return (
      <Badge tone="neutral" dot>
        <Trans>Not connected</Trans>
      </Badge>
    );
  const tone =
    integration.status === 'ACTIVE' ? 'green' : integration.status === 'INVALID' ? 'red' : 'neutral';
  return (
    <Badge tone={tone} dot>
      {INTEGRATION_STATUS_LABELS[integration.status]}
    </Badge>
  );
}

/**
 * One HR system's card (decision 029): connected (status with the reason it fails, setup status, the
 * secret's last characters, the last test; test, pause or resume, change, remove after a confirmation)
 * or not yet (connect, in the shared connection dialog with the system's words and fields).
 */
export function IntegrationCard({
  provider,
  integration,
}: {
  provider: HrProvider;
  integration: HrIntegration | undefined;
}) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectIntegration();
  const check = useCheckIntegration();
  const pause = usePauseIntegration();
  const resume = useResumeIntegration();
  const remove = useRemoveIntegration();
  const form = HR_FORMS[provider];
  const name = HR_PROVIDER_NAMES[provider];
  const failed = (fallback: string) => (error: unknown) =>
    toast({ variant: 'negative', content: errorMessage(error, fallback) });
  const tested = (checked: HrIntegration) => {
    const reason = failureReason(checked);
    if (reason) toast({ variant: 'negative', content: t`The connection test failed: ${reason}` });
    else if (checked.status === 'ACTIVE')
      toast({ variant: 'positive', content: t`The connection to ${name} works.` });
  };

  const [language, setLanguage] = useState<HrLanguage>(integration?.language ?? 'en');
  const save: ConnectionSave<HrCredentialField, HrIntegration> = {
    mutate: (values, options) => {
      const input: ConnectIntegrationRequest = { ...values, language };
      connect.mutate({ provider, input }, options);
    },
    reset: connect.reset,
    isPending: connect.isPending,
    isError: connect.isError,
    error: connect.error,
  };
  const reason = integration ? failureReason(integration) : null;

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {name}
            <StatusBadge integration={integration} />
            {integration?.sandbox ? (
              <Badge tone="neutral">
                <Trans>Sandbox</Trans>
              </Badge>
            ) : null}
          </h2>
          {integration ? (
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-500">
                <Trans>Setup</Trans>
              </dt>
              <dd className="text-slate-900">{INTEGRATION_SETUP_STATUS_LABELS[integration.setupStatus]}</dd>
              <dt className="text-slate-500">
                <Trans>Credentials</Trans>
              </dt>
              <dd className="text-slate-900">
                {integration.credentialHint ? (
                  <Trans>
                    Ending in <span className="font-mono">{integration.credentialHint}</span>
                  </Trans>
                ) : (
                  <Trans>Stored encrypted</Trans>
                )}
              </dd>
              <dt className="text-slate-500">
                <Trans>Last tested</Trans>
              </dt>
              <dd className="text-slate-900">
                {integration.lastCheckedAt ? formatDateTime(integration.lastCheckedAt) : <Trans>Never</Trans>}
              </dd>
              <dt className="text-slate-500">
                <Trans>HR language</Trans>
              </dt>
              <dd className="text-slate-900">{HR_LANGUAGE_LABELS[integration.language]}</dd>
              {reason ? (
                <>
                  <dt className="text-slate-500">
                    <Trans>Problem</Trans>
                  </dt>
                  <dd className="text-red-700">{reason}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{i18n._(form.intro)}</p>
          )}
          {integration ? <SyncSection integration={integration} /> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {integration ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                loading={check.isPending}
                onClick={() =>
                  check.mutate(provider, {
                    onSuccess: tested,
                    onError: failed(t`The connection could not be tested.`),
                  })
                }
              >
                {check.isPending ? null : <RefreshCw aria-hidden="true" />}
                <Trans>Test connection</Trans>
              </Button>
              {integration.status === 'INACTIVE' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resume.isPending}
                  onClick={() =>
                    resume.mutate(provider, {
                      onSuccess: tested,
                      onError: failed(t`${name} could not be resumed.`),
                    })
                  }
                >
                  {resume.isPending ? null : <Play aria-hidden="true" />}
                  <Trans>Resume</Trans>
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={pause.isPending}
                  onClick={() =>
                    pause.mutate(provider, {
                      onSuccess: () => toast({ variant: 'positive', content: t`${name} is paused.` }),
                      onError: failed(t`${name} could not be paused.`),
                    })
                  }
                >
                  {pause.isPending ? null : <Pause aria-hidden="true" />}
                  <Trans>Pause</Trans>
                </Button>
              )}
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                <Trans>Change</Trans>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" />
                <Trans>Remove</Trans>
              </Button>
            </>
          ) : (
            <Button onClick={() => setEditing(true)}>
              <PlugZap aria-hidden="true" />
              {i18n._(form.title)}
            </Button>
          )}
        </div>
      </div>

      <ConnectionDialog
        form={form}
        open={editing}
        onOpenChange={setEditing}
        changing={Boolean(integration)}
        initialValues={{}}
        save={save}
        extra={
          <SelectField
            label={t`HR language`}
            hint={t`The language the HR system's fields and values are written in.`}
            value={language}
            onChange={(event) => setLanguage(HrLanguage.parse(event.target.value))}
            options={HrLanguage.options.map((value) => ({ value, label: HR_LANGUAGE_LABELS[value] }))}
          />
        }
        onSaved={() => {
          setEditing(false);
          toast({
            variant: 'positive',
            content: integration ? t`The ${name} connection was saved.` : t`${name} is connected.`,
          });
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Remove ${name}?`}
        description={t`Equip forgets the credentials. People are no longer kept in sync with ${name} until you connect it again.`}
        confirmLabel={t`Remove`}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t`Removing…`}
        onConfirm={() =>
          remove.mutate(provider, {
            onSuccess: () => {
              setConfirming(false);
              toast({ variant: 'positive', content: t`${name} is removed.` });
            },
            onError: failed(t`${name} could not be removed.`),
          })
        }
      />
    </Card>
  );
}
