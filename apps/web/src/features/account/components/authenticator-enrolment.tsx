import { ErrorType } from '@equip/domain/errors';
import type { AuthenticatorSetup } from '@equip/domain/identity';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { i18n } from '@/lib/i18n/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { OneTimeCodeField } from '@/ui/form-field';
import { toast } from '@/ui/toast-store';
import { ConfirmAuthenticatorInput, useConfirmAuthenticator } from '../api/confirm-authenticator';

/** A wrong code is said at the code's input; anything else above the form. */
function failureOf(error: unknown) {
  return describeFailure<'code'>(error, {
    messages: {
      [ErrorType.InvalidMfaCode]: i18n._(
        msg`That code isn’t right. Codes change every 30 seconds; try the current one.`,
      ),
    },
    field: (entry) => (entry.errorType === ErrorType.InvalidMfaCode ? 'code' : undefined),
  });
}

/** "JBSW Y3DP EHPK 3PXP": easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Copies `text`; the toasts say what was copied (`copied`) or that it could not be (`failed`). */
export async function copyText(text: string, messages: { copied: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: 'positive', content: messages.copied });
  } catch {
    toast({ variant: 'negative', content: messages.failed });
  }
}

/** Scan (or type) the secret, then prove it works with a code from the app. */
export function AuthenticatorEnrolment({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: AuthenticatorSetup;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const confirm = useConfirmAuthenticator();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = ConfirmAuthenticatorInput.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (error) => {
        const code = failureOf(error).fields.code;
        if (code) setFieldError(code);
        inputRef.current?.focus();
        inputRef.current?.select();
      },
    });
  }

  const otherError = confirm.isError ? failureOf(confirm.error).message || undefined : undefined;

  return (
    <div className="space-y-6">
      <div>
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          <Trans>Set up your authenticator app</Trans>
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>Use an app such as 1Password, Google Authenticator, Microsoft Authenticator or Authy.</Trans>
        </p>
      </div>
      <ol className="space-y-6">
        <li className="flex flex-col gap-5 sm:flex-row">
          <div className="shrink-0 self-center rounded-xl border border-slate-200 bg-white p-2 sm:self-start">
            <img
              src={setup.qrCodeDataUrl}
              alt={t`QR code that adds Equip to your authenticator app`}
              width={176}
              height={176}
              className="size-44 [image-rendering:pixelated]"
            />
          </div>
          <div className="min-w-0 space-y-3 text-sm">
            <p className="font-medium text-slate-900">
              <Trans>1. Scan this QR code with the app</Trans>
            </p>
            <label htmlFor="authenticator-setup-key" className="block text-slate-500">
              <Trans>Can’t scan it? Add an account in the app and type this setup key instead:</Trans>
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id="authenticator-setup-key"
                readOnly
                value={groupSecret(setup.secret)}
                onFocus={(event) => event.currentTarget.select()}
                spellCheck={false}
                className="min-w-0 basis-full rounded-lg border-0 bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  copyText(setup.secret, {
                    copied: t`Setup key copied to the clipboard.`,
                    failed: t`The setup key could not be copied. Select the text and copy it instead.`,
                  })
                }
              >
                <Copy aria-hidden="true" />
                <Trans>Copy key</Trans>
              </Button>
            </div>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={submit} className="space-y-4">
            <p className="text-sm font-medium text-slate-900">
              <Trans>2. Enter the 6-digit code the app shows</Trans>
            </p>
            {otherError ? <Alert variant="error">{otherError}</Alert> : null}
            <OneTimeCodeField
              ref={inputRef}
              label={t`Code from the app`}
              value={code}
              error={fieldError}
              onCodeChange={setCode}
              className="max-w-xs"
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={confirm.isPending}>
                {confirm.isPending ? <Trans>Checking…</Trans> : <Trans>Verify and turn on</Trans>}
              </Button>
              <Button variant="ghost" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
