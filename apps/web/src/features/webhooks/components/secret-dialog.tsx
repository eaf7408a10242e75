import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormDialog } from '@/ui/form-dialog';

/**
 * The signing secret of an endpoint, shown once (after adding it or rotating its secret): the server
 * never answers it again, so the person copies it now. Closing it (Done, the Escape key, a click
 * outside) asks first: once closed, the secret is gone for good.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  async function copy() {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }
  function close() {
    setAsking(false);
    setCopied(false);
    onClose();
  }
  return (
    <FormDialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) setAsking(true);
      }}
      title={t`Signing secret`}
      description={t`Your receiver checks each request's webhook-signature header with this secret (Standard Webhooks).`}
    >
      <Alert variant="warning">
        <Trans>Copy it now: it is shown only this once. If it is lost, rotate the secret.</Trans>
      </Alert>
      <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="webhook-secret">
        <Trans>Secret</Trans>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="webhook-secret"
          readOnly
          value={secret ?? ''}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden="true" />
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => setAsking(true)}>
          <Trans>Done</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t`You will not see this secret again`}
        description={
          copied
            ? t`Equip does not show it again. Keep it where your receiver can read it; if it is lost, rotate the secret.`
            : t`You have not copied it. Equip does not show it again: without it your receiver cannot check the requests, and you would have to rotate the secret.`
        }
        confirmLabel={t`Close`}
        cancelLabel={t`Keep it open`}
        onConfirm={close}
      />
    </FormDialog>
  );
}
