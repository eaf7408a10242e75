import { ErrorType } from '@equip/domain/error-catalogue';
import type { LoggedInResponse, MfaMethod } from '@equip/domain/identity';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, RotateCw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure, errorMessage } from '@/lib/api/error-message';
import { i18n } from '@/lib/i18n/i18n';
import { useAppSelector } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { OneTimeCodeField, TextField } from '@/ui/form-field';
import { generateOtp } from '../api/generate-otp';
import { mfaLogin } from '../api/mfa-login';
import { selectLoginEmail, selectTokenExpireTimestamp } from '../login-slice';
import type { MfaChallenge } from './password-login-form';

const CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[0-9a-f]{5}-[0-9a-f]{5}$/i;

/** How long "Send a new code" waits before it can be used again. */
export const RESEND_COOLDOWN_MS = 30_000;

function hintFor(method: MfaMethod, email: string): string {
  switch (method) {
    case 'email-code':
      return email
        ? i18n._(msg`We emailed a 6-digit code to ${email}. It is valid for 10 minutes.`)
        : i18n._(msg`We emailed you a 6-digit code. It is valid for 10 minutes.`);
    case 'sms-code':
      return i18n._(
        msg`We texted a 6-digit code to the mobile number on your account. It is valid for 10 minutes.`,
      );
    case 'authenticator':
      return i18n._(msg`Open your authenticator app and enter the 6-digit code it shows for Equip.`);
  }
}

/** The second step of a sign-in: a code by email, SMS or authenticator app (or a recovery code). */
export function MfaForm({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: MfaChallenge;
  onSignedIn: (tokens: LoggedInResponse) => void;
  onStartOver: () => void;
}) {
  const { t } = useLingui();
  const { mfaToken, mfaMethod } = challenge;
  const email = useAppSelector(selectLoginEmail);
  const expiresAt = useAppSelector(selectTokenExpireTimestamp);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [expired, setExpired] = useState<string>();
  const [resentAt, setResentAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const inputRef = useRef<HTMLInputElement>(null);
  const startOverRef = useRef<HTMLButtonElement>(null);

  // Focus moves to the code when the form appears, and again when switching to a recovery code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on switching the kind of code.
  useEffect(() => {
    inputRef.current?.focus();
  }, [recovery]);

  useEffect(() => {
    if (expired) startOverRef.current?.focus();
  }, [expired]);

  // Ticks while "Send a new code" cools down.
  useEffect(() => {
    if (resentAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resentAt]);

  /** A wrong code is said at the input; a 401 otherwise means the sign-in is over (start again). */
  const failureOf = (error: unknown) =>
    describeFailure<'code'>(error, {
      messages: {
        [ErrorType.InvalidMfaCode]: recovery
          ? t`That recovery code isn’t valid or has been used. Check it and try again.`
          : t`That code isn’t right. Check it and try again.`,
      },
      field: (entry) => (entry.errorType === ErrorType.InvalidMfaCode ? 'code' : undefined),
    });

  const verify = useRequest(mfaLogin, {
    onSuccess: onSignedIn,
    onError: (error) => {
      const failure = failureOf(error);
      if (failure.fields.code) {
        setFieldError(failure.fields.code);
        inputRef.current?.focus();
        inputRef.current?.select();
        return;
      }
      if (failure.kind === 'unauthenticated') {
        setExpired(failure.message || t`This sign-in has expired. Start again.`);
        return;
      }
      inputRef.current?.focus();
    },
  });

  const resend = useRequest(() => generateOtp(mfaToken), {
    onSuccess: () => {
      const at = Date.now();
      setResentAt(at);
      setNow(at);
      setFieldError(undefined);
      setCode('');
      inputRef.current?.focus();
    },
    onError: (error) => {
      const failure = failureOf(error);
      if (failure.kind === 'unauthenticated') setExpired(failure.message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    if (expiresAt !== null && Date.now() > expiresAt) {
      setExpired(t`This sign-in has expired. Start again.`);
      return;
    }
    const value = code.trim();
    const valid = recovery ? RECOVERY_CODE.test(value) : CODE.test(value);
    if (!valid) {
      setFieldError(
        recovery
          ? t`Enter a recovery code like abcde-12345`
          : value
            ? t`The code has 6 digits`
            : t`Enter the 6-digit code`,
      );
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    verify.send({ mfaToken, code: value });
  }

  if (expired) {
    return (
      <div className="space-y-5">
        <Alert variant="warning" title={t`Sign-in expired`}>
          {expired}
        </Alert>
        <Button ref={startOverRef} className="w-full" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </Button>
      </div>
    );
  }

  const cooldownLeft = resentAt === undefined ? 0 : Math.max(0, resentAt + RESEND_COOLDOWN_MS - now);
  const cooldownSeconds = Math.ceil(cooldownLeft / 1000);
  const verifyFailure = verify.isError ? failureOf(verify.error) : undefined;
  const otherError =
    verifyFailure && verifyFailure.kind !== 'unauthenticated' && !verifyFailure.fields.code
      ? verifyFailure.message
      : resend.isError
        ? errorMessage(resend.error, t`We couldn’t send a new code. Please try again.`)
        : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-center text-sm text-slate-600">{hintFor(mfaMethod, email)}</p>
      {otherError ? <Alert variant="error">{otherError}</Alert> : null}
      {resentAt !== undefined && !resend.isError ? (
        <Alert variant="success">
          <Trans>A new code is on its way. Earlier codes no longer work.</Trans>
        </Alert>
      ) : null}
      {recovery ? (
        <TextField
          key="recovery"
          ref={inputRef}
          label={t`Recovery code`}
          name="code"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          inputMode="text"
          required
          value={code}
          error={fieldError}
          hint={t`One of the ten codes you saved when you set up the authenticator app. Each works once.`}
          onChange={(event) => setCode(event.target.value.trim().slice(0, 11))}
          placeholder={t`abcde-12345`}
          variant="code"
        />
      ) : (
        <OneTimeCodeField
          key="code"
          ref={inputRef}
          label={mfaMethod === 'authenticator' ? t`Authentication code` : t`Verification code`}
          value={code}
          error={fieldError}
          onCodeChange={setCode}
        />
      )}
      <Button type="submit" className="w-full" loading={verify.isPending}>
        {verify.isPending ? <Trans>Verifying…</Trans> : <Trans>Verify and sign in</Trans>}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        {mfaMethod === 'authenticator' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setRecovery((value) => !value);
              setCode('');
              setFieldError(undefined);
            }}
          >
            <KeyRound aria-hidden="true" />
            {recovery ? (
              <Trans>Use a code from the app instead</Trans>
            ) : (
              <Trans>Use a recovery code instead</Trans>
            )}
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            loading={resend.isPending}
            disabled={cooldownLeft > 0}
            onClick={() => resend.send()}
          >
            {resend.isPending ? null : <RotateCw aria-hidden="true" />}
            {cooldownLeft > 0 ? (
              <Trans>Send a new code ({cooldownSeconds} s)</Trans>
            ) : (
              <Trans>Send a new code</Trans>
            )}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onStartOver}>
          <Trans>Use a different account</Trans>
        </Button>
      </div>
    </form>
  );
}
