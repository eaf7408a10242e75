import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { assignLocation } from '@/lib/location';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/form-field';
import { startSso } from '../api/start-sso';
import { emailProblem, ssoStartErrorMessage } from '../auth-errors';
import { selectLoginEmail, setEmail } from '../login-slice';

/** Single sign-on: the work email finds the organisation's identity provider, then the browser goes there. */
export function SsoForm({ next, onBack }: { next: string | undefined; onBack?: () => void }) {
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectLoginEmail);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const start = useMutation({
    mutationFn: startSso,
    onSuccess: ({ authorizationUrl }) => assignLocation(authorizationUrl),
    onError: () => inputRef.current?.focus(),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending || start.isSuccess) return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return inputRef.current?.focus();
    start.mutate({ email: email.trim(), ...(next ? { redirect: next } : {}) });
  }

  const failure = start.isError ? ssoStartErrorMessage(start.error) : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {failure ? (
        <Alert variant="error" title={failure.title}>
          {failure.text}
        </Alert>
      ) : null}
      <TextField
        ref={inputRef}
        label="Work email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        required
        value={email}
        error={error}
        hint="We’ll send you to your company’s sign-in page."
        onChange={(event) => {
          dispatch(setEmail(event.target.value));
          if (error) setError(undefined);
        }}
        placeholder="name@company.com"
      />
      <Button type="submit" className="w-full" loading={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? 'Redirecting…' : 'Continue with SSO'}
      </Button>
      {onBack ? (
        <div className="text-center">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Sign in with email and password
          </Button>
        </div>
      ) : null}
    </form>
  );
}
