import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { useAppDispatch } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { requestEnrollmentCode } from '../api/enrollment-api';
import { codeRequested } from '../enrollment-slice';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1: the work email the code goes to. */
export function EmailStep({ initialEmail }: { initialEmail: string }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const send = useRequest(requestEnrollmentCode, {
    onSuccess: () => dispatch(codeRequested(email.trim())),
    onError: () => inputRef.current?.focus(),
  });

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setFieldError(value ? t`Enter a valid email address` : t`Enter your work email`);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    send.send(value);
  }

  const failure = send.isError
    ? describeFailure(send.error, { fallback: t`We couldn’t send the code. Please try again.` }).message
    : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-center text-sm text-slate-600">
        <Trans>Enter your work email. We will send you a code to confirm it is you.</Trans>
      </p>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <EmailField
        ref={inputRef}
        label={t`Work email`}
        required
        value={email}
        error={fieldError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" className="w-full" loading={send.isPending}>
        {send.isPending ? <Trans>Sending…</Trans> : <Trans>Send code</Trans>}
      </Button>
    </form>
  );
}
