import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { assignLocation } from '@/lib/location';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { startSso } from '../api/start-sso';
import { emailProblem, ssoStartErrorMessage } from '../auth-errors';
import { selectLoginEmail, setEmail } from '../login-slice';

/**
 * Single sign-on: the work email finds the organisation's identity provider, then the browser goes there.
 * An email that does not sign in with single sign-on (the server answers the same for an unknown one)
 * goes on with the password: `onPasswordInstead`, the email kept in the `login` slice.
 */
export function SsoForm({
  next,
  onBack,
  onPasswordInstead,
}: {
  next: string | undefined;
  onBack?: () => void;
  onPasswordInstead: () => void;
}) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectLoginEmail);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const start = useRequest(startSso, {
    onSuccess: ({ authorizationUrl }) => {
      if (authorizationUrl) assignLocation(authorizationUrl);
      else onPasswordInstead();
    },
    onError: () => inputRef.current?.focus(),
  });

  // Leaving for the identity provider: the button stays busy until the page is gone.
  const redirecting = start.status === 'success' && start.data.authorizationUrl !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending || redirecting) return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return inputRef.current?.focus();
    start.send({ email: email.trim(), ...(next ? { redirect: next } : {}) });
  }

  const failure = start.isError ? ssoStartErrorMessage(start.error) : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {failure ? (
        <Alert variant="error" title={failure.title}>
          {failure.text}
        </Alert>
      ) : null}
      <EmailField
        ref={inputRef}
        label={t`Work email`}
        required
        value={email}
        error={error}
        hint={t`We’ll send you to your company’s sign-in page.`}
        onChange={(event) => {
          dispatch(setEmail(event.target.value));
          if (error) setError(undefined);
        }}
      />
      <Button type="submit" className="w-full" loading={start.isPending || redirecting}>
        {start.isPending || redirecting ? <Trans>Redirecting…</Trans> : <Trans>Continue with SSO</Trans>}
      </Button>
      {onBack ? (
        <div className="text-center">
          <Button variant="ghost" size="sm" onClick={onBack}>
            <Trans>Sign in with email and password</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}
