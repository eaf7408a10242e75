import { SCIM_BASE_PATH, type ScimToken } from '@equip/domain/scim-tokens';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/dialog';
import { TextField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { ShownOnceDialog } from '@/ui/shown-once-dialog';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens';

/**
 * SCIM provisioning (issue 30 item 6, decision 034): the address an identity provider (Entra ID, Okta)
 * is given, the organisation's SCIM tokens with their last use, a new token (shown once; closing asks
 * first) and revoking one after a confirmation.
 */
export function ScimSection() {
  const { t } = useLingui();
  const { toast } = useToast();
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const baseUrl = `${window.location.origin}${SCIM_BASE_PATH}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName('');
          setShown(created.token);
        },
      },
    );
  }

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">
        <Trans>SCIM provisioning</Trans>
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>
          Let your identity provider (Microsoft Entra ID, Okta) create, change and deactivate employees and
          groups. Deactivating a person there starts their offboarding here.
        </Trans>
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">
          <Trans>SCIM address</Trans>
        </dt>
        <dd className="break-all font-mono text-slate-900">{baseUrl}</dd>
      </dl>

      <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <TextField
            label={t`Token name`}
            hint={t`What the token is for, e.g. Entra ID.`}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={
              create.isError ? errorMessage(create.error, t`The token could not be created.`) : undefined
            }
          />
        </div>
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
          {create.isPending ? null : <KeyRound aria-hidden="true" />}
          <Trans>Create token</Trans>
        </Button>
      </form>

      {tokens.isPending ? (
        <Skeleton className="mt-4 h-12 w-full" />
      ) : tokens.isError ? (
        <LoadError
          error={tokens.error}
          fallback={t`The SCIM tokens could not be loaded.`}
          onRetry={() => tokens.refetch()}
          retrying={tokens.isFetching}
        />
      ) : tokens.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          <Trans>No SCIM token yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={t`SCIM tokens`}>
          {tokens.data.map((token) => (
            <li key={token.uuid} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {token.name}
                  {token.revokedAt ? (
                    <Badge tone="neutral">
                      <Trans>Revoked</Trans>
                    </Badge>
                  ) : (
                    <Badge tone="green" dot>
                      <Trans>Active</Trans>
                    </Badge>
                  )}
                </p>
                <p className="text-slate-600">
                  <Trans>
                    Ending in <span className="font-mono">{token.hint}</span>
                  </Trans>
                  {' · '}
                  {token.lastUsedAt ? (
                    <Trans>Last used {formatDateTime(token.lastUsedAt)}</Trans>
                  ) : (
                    <Trans>Never used</Trans>
                  )}
                </p>
              </div>
              {token.revokedAt ? null : (
                <Button variant="ghost" size="sm" onClick={() => setRevoking(token)}>
                  <Trash2 aria-hidden="true" />
                  <Trans>Revoke</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <ShownOnceDialog
        value={shown}
        onClose={() => setShown(null)}
        title={t`SCIM token`}
        description={t`Enter it as the secret token in your identity provider's provisioning settings, with the SCIM address.`}
        warning={<Trans>Copy it now: it is shown only this once. If it is lost, create a new token.</Trans>}
        label={t`Token`}
        inputId="scim-token"
        closeTitle={t`You will not see this token again`}
        closeCopied={t`Equip does not show it again. If it is lost, create a new token and revoke this one.`}
        closeNotCopied={t`You have not copied it. Equip does not show it again: you would have to create a new token.`}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t`Revoke ${revoking?.name ?? ''}?`}
        description={t`Your identity provider can no longer provision with this token, from its next request on.`}
        confirmLabel={t`Revoke`}
        tone="danger"
        pending={revoke.isPending}
        pendingLabel={t`Revoking…`}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.uuid, {
            onSuccess: () => {
              setRevoking(null);
              toast({ variant: 'positive', content: t`The token is revoked.` });
            },
            onError: (error) =>
              toast({
                variant: 'negative',
                content: errorMessage(error, t`The token could not be revoked.`),
              }),
          });
        }}
      />
    </Card>
  );
}
