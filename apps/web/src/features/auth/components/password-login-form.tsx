import { isMfaRequired, type MfaMethod } from '@equip/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/form-field';
import { login } from '../api/login';
import type { LoggedIn } from '../api/mfa-login';
import { emailProblem, loginErrorMessage } from '../auth-errors';
import { clearPassword, selectLoginEmail, selectLoginPassword, setEmail, setPassword } from '../login-slice';
import { PasswordField } from './password-field';
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

/** Email and password. The password lives in the `login` slice only until it is submitted. */
export function PasswordLoginForm({
  onMfaRequired,
  onSignedIn,
  onUseSso,
}: {
  onMfaRequired: (challenge: MfaChallenge) => void;
  onSignedIn: (tokens: LoggedIn) => void;
  onUseSso: () => void;
}) {
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectLoginEmail);
  const password = useAppSelector(selectLoginPassword);
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signIn = useMutation({
    mutationFn: login,
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
    signIn.mutate({ email: email.trim(), password: typed });
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
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={email}
          error={errors.email}
          onChange={(event) => {
            dispatch(setEmail(event.target.value));
            if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
          }}
          placeholder="name@company.com"
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          aria-describedby={serverError ? SERVER_ERROR_ID : undefined}
          onChange={(event) => {
            dispatch(setPassword(event.target.value));
            if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
          }}
          labelAction={
            <TextLink to={paths.auth.resetPassword} className="text-sm">
              Forgot password?
            </TextLink>
          }
        />
        <Button type="submit" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" onClick={onUseSso}>
        <Building2 aria-hidden="true" />
        Sign in with SSO
      </Button>
    </div>
  );
}
