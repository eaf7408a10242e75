import { Trans, useLingui } from '@lingui/react/macro';
import { ShownOnceDialog } from '@/ui/shown-once-dialog';

/**
 * The signing secret of an endpoint, shown once (after adding it or rotating its secret): the server
 * never answers it again, so the person copies it now; closing asks first (ui/shown-once-dialog).
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ShownOnceDialog
      value={secret}
      onClose={onClose}
      title={t`Signing secret`}
      description={t`Your receiver checks each request's webhook-signature header with this secret (Standard Webhooks).`}
      warning={<Trans>Copy it now: it is shown only this once. If it is lost, rotate the secret.</Trans>}
      label={t`Secret`}
      inputId="webhook-secret"
      closeTitle={t`You will not see this secret again`}
      closeCopied={t`Equip does not show it again. Keep it where your receiver can read it; if it is lost, rotate the secret.`}
      closeNotCopied={t`You have not copied it. Equip does not show it again: without it your receiver cannot check the requests, and you would have to rotate the secret.`}
    />
  );
}
