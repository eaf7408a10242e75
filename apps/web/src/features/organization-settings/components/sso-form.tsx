import { WorkspaceProvider } from '@equip/domain/integrations';
import { type SsoSettings, SsoSettingsInput } from '@equip/domain/organizations';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { TextField } from '@/ui/form-field';
import { PasswordField } from '@/ui/password-field';
import { SelectField } from '@/ui/select-field';
import { useToast } from '@/ui/toast';
import { useSaveSsoSettings } from '../api/sso-settings';

const PROVIDER_LABELS: Record<WorkspaceProvider, MessageDescriptor> = {
  google: msg`Google Workspace`,
  microsoft: msg`Microsoft Entra ID`,
};

type Field = 'issuer' | 'clientId' | 'clientSecret';
const FIELDS: readonly string[] = ['issuer', 'clientId', 'clientSecret'] satisfies Field[];

/**
 * OpenID Connect single sign-on for the organisation's people: the identity provider, its issuer
 * address (https, checked by the server), the client id and secret Equip was registered with. The
 * secret is never shown again; left empty, the stored one stays.
 */
export function SsoForm({ settings }: { settings: SsoSettings }) {
  const { t, i18n } = useLingui();
  const { toast } = useToast();
  const save = useSaveSsoSettings();
  const [provider, setProvider] = useState<WorkspaceProvider>(settings.provider ?? 'google');
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});

  const failure = save.isError
    ? describeFailure<Field>(save.error, {
        fallback: t`The single sign-on settings could not be saved.`,
        field: (entry) => (entry.param && FIELDS.includes(entry.param) ? (entry.param as Field) : undefined),
      })
    : undefined;
  const errors = { ...failure?.fields, ...invalid };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = SsoSettingsInput.safeParse({
      provider,
      issuer: issuer.trim(),
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
    });
    const missingSecret = !settings.hasClientSecret && !clientSecret;
    if (!input.success || missingSecret) {
      const fields = new Set(input.success ? [] : input.error.issues.map((issue) => String(issue.path[0])));
      setInvalid({
        ...(fields.has('issuer') ? { issuer: t`Enter the issuer's https:// address.` } : {}),
        ...(fields.has('clientId') ? { clientId: t`Enter the client ID.` } : {}),
        ...(missingSecret ? { clientSecret: t`Enter the client secret.` } : {}),
      });
      return;
    }
    setInvalid({});
    save.mutate(input.data, {
      onSuccess: () => {
        setClientSecret('');
        toast({ variant: 'positive', content: t`Single sign-on settings saved.` });
      },
    });
  }

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-5 text-slate-500" />
          <Trans>OpenID Connect</Trans>
        </h2>
        {settings.issuer ? (
          <Badge tone="green" dot>
            <Trans>In use</Trans>
          </Badge>
        ) : (
          <Badge tone="neutral" dot>
            <Trans>Not set up</Trans>
          </Badge>
        )}
      </div>
      <form
        className="mt-4 max-w-md space-y-4"
        onSubmit={onSubmit}
        aria-label={t`Single sign-on settings`}
        noValidate
      >
        <SelectField
          label={t`Identity provider`}
          options={WorkspaceProvider.options.map((value) => ({
            value,
            label: i18n._(PROVIDER_LABELS[value]),
          }))}
          value={provider}
          onChange={(event) => setProvider(WorkspaceProvider.parse(event.target.value))}
        />
        <TextField
          label={t`Issuer`}
          hint={t`The provider's address, such as https://accounts.google.com.`}
          type="url"
          value={issuer}
          required
          maxLength={500}
          error={errors.issuer}
          onChange={(event) => setIssuer(event.target.value)}
        />
        <TextField
          label={t`Client ID`}
          value={clientId}
          required
          maxLength={300}
          error={errors.clientId}
          onChange={(event) => setClientId(event.target.value)}
        />
        <PasswordField
          label={t`Client secret`}
          hint={
            settings.hasClientSecret
              ? t`A secret is stored and never shown. Leave this empty to keep it.`
              : t`Shown by the provider when you registered Equip.`
          }
          autoComplete="off"
          value={clientSecret}
          maxLength={500}
          error={errors.clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
        />
        {failure?.message ? <Alert variant="error">{failure.message}</Alert> : null}
        <Button type="submit" loading={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Card>
  );
}
