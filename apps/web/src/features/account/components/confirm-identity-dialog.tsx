import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import type { ButtonVariant } from '@/ui/button';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { PasswordField } from '@/ui/password-field';
import { type IdentityProof, refusedProof } from '../api/reauthentication';

/** A change to the second factor that waits for the person to confirm it is them. */
export interface IdentityCheck {
  /** What happens once confirmed (shown above the fields). */
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  pendingLabel?: string;
  /** Makes the change with the proof; a rejection is shown in the dialog (403 at its field). */
  run: (proof: IdentityProof) => Promise<unknown>;
}

export const CONFIRM_IDENTITY_TITLE = msg`Confirm it’s you`;

const MESSAGES = {
  passwordMissing: msg`Enter your password`,
  passwordWrong: msg`That password isn’t right. Try again.`,
  passwordNeeded: msg`This account has a password. Enter it to continue.`,
  codeMissing: msg`Enter the code from your authenticator app or a recovery code`,
  codeWrong: msg`That code isn’t right. Use the code your app shows now, or an unused recovery code.`,
} as const;

interface FieldErrors {
  password?: string | undefined;
  code?: string | undefined;
}

/**
 * "Confirm it's you" before the second factor is turned off, switched or set up anew: the password, or
 * (for people with an authenticator) a code from the app or a recovery code. The server says which proof
 * it refused (403 `ReauthenticationRequired`); the message appears at that field, which gets focus.
 */
export function ConfirmIdentityDialog({
  check,
  hasAuthenticator,
  onClose,
}: {
  /** The pending change; null keeps the dialog closed. */
  check: IdentityCheck | null;
  /** Offers a code from the authenticator app (or a recovery code) instead of the password. */
  hasAuthenticator: boolean;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const [pending, setPending] = useState(false);
  return (
    <FormDialog
      open={check !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={pending}
      title={i18n._(CONFIRM_IDENTITY_TITLE)}
      description={
        <>
          <p>{check?.description}</p>
          <p>
            {hasAuthenticator ? (
              <Trans>Enter your password, or use a code from your authenticator app.</Trans>
            ) : (
              <Trans>Enter your password to continue.</Trans>
            )}
          </p>
        </>
      }
    >
      {check ? (
        <ConfirmIdentityForm check={check} hasAuthenticator={hasAuthenticator} onPendingChange={setPending} />
      ) : null}
    </FormDialog>
  );
}

function ConfirmIdentityForm({
  check,
  hasAuthenticator,
  onPendingChange,
}: {
  check: IdentityCheck;
  hasAuthenticator: boolean;
  onPendingChange: (pending: boolean) => void;
}) {
  const { i18n, t } = useLingui();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const switched = useRef(false);

  // Switching between password and code moves focus to the field now shown (Radix focuses the first
  // field when the dialog opens).
  useEffect(() => {
    if (!switched.current) return;
    (mode === 'password' ? passwordRef : codeRef).current?.focus();
  }, [mode]);

  function switchTo(next: 'password' | 'code') {
    switched.current = true;
    setErrors({});
    setFormError(undefined);
    setMode(next);
  }

  function focusField(field: 'password' | 'code') {
    const input = (field === 'password' ? passwordRef : codeRef).current;
    input?.focus();
    input?.select();
  }

  async function send(proof: IdentityProof) {
    if (pending) return;
    setErrors({});
    setFormError(undefined);
    setPending(true);
    onPendingChange(true);
    try {
      await check.run(proof);
    } catch (error) {
      const failure = describeFailure(error, {
        fallback: t`The change could not be saved. Please try again.`,
        field: refusedProof,
      });
      if (failure.fields.code) {
        setMode('code');
        setErrors({ code: i18n._(MESSAGES.codeWrong) });
        requestAnimationFrame(() => focusField('code'));
      } else if (failure.fields.password) {
        setMode('password');
        setErrors({
          password: i18n._(proof.kind === 'none' ? MESSAGES.passwordNeeded : MESSAGES.passwordWrong),
        });
        requestAnimationFrame(() => focusField('password'));
      } else {
        setFormError(failure.message);
        requestAnimationFrame(() => focusField(mode));
      }
    } finally {
      setPending(false);
      onPendingChange(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mode === 'password') {
      if (!password) {
        setErrors({ password: i18n._(MESSAGES.passwordMissing) });
        return passwordRef.current?.focus();
      }
      void send({ kind: 'password', password });
    } else {
      if (!code.trim()) {
        setErrors({ code: i18n._(MESSAGES.codeMissing) });
        return codeRef.current?.focus();
      }
      void send({ kind: 'code', code: code.trim() });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {mode === 'password' ? (
        <PasswordField
          key="password"
          ref={passwordRef}
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors({});
          }}
        />
      ) : (
        <TextField
          key="code"
          ref={codeRef}
          label={t`Authenticator or recovery code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={64}
          required
          value={code}
          error={errors.code}
          hint={t`The 6-digit code your app shows now, or one of your recovery codes (each works once).`}
          onChange={(event) => {
            setCode(event.target.value);
            if (errors.code) setErrors({});
          }}
          placeholder="123456"
        />
      )}
      <div className="flex flex-col items-start gap-1">
        {hasAuthenticator ? (
          <button
            type="button"
            className={LINK_BUTTON}
            onClick={() => switchTo(mode === 'password' ? 'code' : 'password')}
          >
            {mode === 'password' ? (
              <Trans>Use a code from your authenticator app instead</Trans>
            ) : (
              <Trans>Use your password instead</Trans>
            )}
          </button>
        ) : (
          <button type="button" className={LINK_BUTTON} onClick={() => void send({ kind: 'none' })}>
            <Trans>I don’t have a password (I sign in with single sign-on)</Trans>
          </button>
        )}
      </div>
      <FormDialogActions
        submitLabel={check.confirmLabel}
        submitVariant={check.confirmVariant}
        pending={pending}
        pendingLabel={check.pendingLabel}
      />
    </form>
  );
}

const LINK_BUTTON =
  'rounded-sm text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
