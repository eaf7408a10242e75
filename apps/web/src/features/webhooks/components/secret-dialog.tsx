import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormDialog } from '@/ui/form-dialog';

/**
 * The signing secret of an endpoint, shown once (after adding it or rotating its secret): the server
 * never answers it again, so the person copies it now.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }
  return (
    <FormDialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
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
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </FormDialog>
  );
}
