import type { LoggedInResponse, MfaMethod } from '@equip/domain/identity';
import { isMfaRequired } from '@equip/domain/identity-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { PasswordField } from '@/ui/password-field';
import { login } from '../api/login';
import { emailProblem, loginErrorMessage } from '../auth-errors';
import { clearPassword, selectLoginEmail, selectLoginPassword, setEmail, setPassword } from '../login-slice';
import { TextLink } from './text-link';

export interface MfaChallenge {
  mfaToken: string;
  mfaMethod: MfaMethod;
}

interface FieldErrors {
  email?: string | undefined;
  password?: string | undefined;
}

const SERVER_ERROR_ID = 'login-error';
const PASSWORD_NOTICE_ID = 'login-password-notice';

/** Email and password. The password lives in the `login` slice only until it is submitted. */
export function PasswordLoginForm({
  onMfaRequired,
  onSignedIn,
  onUseSso,
  passwordNotice,
}: {
  onMfaRequired: (challenge: MfaChallenge) => void;
  onSignedIn: (tokens: LoggedInResponse) => void;
  onUseSso: () => void;
  /**
   * A calm note about the password (e.g. "this email signs in with a password" after SSO): shown above
   * the form and read with the password field, which then starts with focus (the email is filled in).
   */
  passwordNotice?: string | undefined;
}) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectLoginEmail);
  const password = useAppSelector(selectLoginPassword);
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (passwordNotice) passwordRef.current?.focus();
  }, [passwordNotice]);

  const signIn = useRequest(login, {
    onSuccess: (response) => {
      if (isMfaRequired(response)) onMfaRequired(response);
      else onSignedIn(response);
    },
    // The password field is empty again: that is where the person continues.
    onError: () => passwordRef.current?.focus(),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (signIn.isPending) return;
    const found: FieldErrors = {
      email: emailProblem(email),
      password: password ? undefined : 'Password is required',
    };
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    const typed = password;
    dispatch(clearPassword());
    signIn.send({ email: email.trim(), password: typed });
  }

  const serverError = signIn.isError ? loginErrorMessage(signIn.error) : undefined;

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={submit} className="space-y-5">
        {serverError ? (
          <Alert variant="error" id={SERVER_ERROR_ID}>
            {serverError}
          </Alert>
        ) : null}
        {passwordNotice && !serverError ? (
          <Alert variant="info" id={PASSWORD_NOTICE_ID}>
            {passwordNotice}
          </Alert>
        ) : null}
        <EmailField
          ref={emailRef}
          label={t`Email`}
          required
          value={email}
          error={errors.email}
          onChange={(event) => {
            dispatch(setEmail(event.target.value));
            if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <PasswordField
          ref={passwordRef}
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          aria-describedby={serverError ? SERVER_ERROR_ID : passwordNotice ? PASSWORD_NOTICE_ID : undefined}
          onChange={(event) => {
            dispatch(setPassword(event.target.value));
            if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
          }}
          labelAction={
            <TextLink to={paths.auth.resetPassword} className="text-sm">
              <Trans>Forgot password?</Trans>
            </TextLink>
          }
        />
        <Button type="submit" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        <Trans>or</Trans>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" onClick={onUseSso}>
        <Building2 aria-hidden="true" />
        <Trans>Sign in with SSO</Trans>
      </Button>
    </div>
  );
}
