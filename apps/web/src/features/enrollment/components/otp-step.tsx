import { ErrorType } from '@equip/domain/error-catalogue';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { useAppDispatch } from '@/lib/store';
import { useRequest } from '@/lib/use-request';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { OneTimeCodeField } from '@/ui/form-field';
import { requestEnrollmentCode, verifyEnrollmentCode } from '../api/enrollment-api';
import { codeVerified, type EnrollmentState, startOver } from '../enrollment-slice';

/** Step 2: the six-digit code from the mail. */
export function OtpStep({ state }: { state: EnrollmentState }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [resent, setResent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const failureOf = (error: unknown) =>
    describeFailure<'code'>(error, {
      messages: {
        [ErrorType.InvalidMfaCode]: t`That code isn’t right or has expired. Check it or send a new one.`,
      },
      field: (entry) => (entry.param === 'code' ? 'code' : undefined),
    });

  const verify = useRequest(verifyEnrollmentCode, {
    onSuccess: (session) => dispatch(codeVerified(session)),
    onError: (error) => {
      const failure = failureOf(error);
      if (failure.fields.code) setFieldError(failure.fields.code);
      inputRef.current?.focus();
      inputRef.current?.select();
    },
  });
  const resend = useRequest(requestEnrollmentCode, {
    onSuccess: () => {
      setResent(true);
      setCode('');
      setFieldError(undefined);
      inputRef.current?.focus();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    if (!/^\d{6}$/.test(code)) {
      setFieldError(code ? t`The code has 6 digits` : t`Enter the 6-digit code`);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    verify.send({ email: state.email, code, enrollmentFlow: state.enrollmentFlow });
  }

  const verifyFailure = verify.isError ? failureOf(verify.error) : undefined;
  const otherError =
    verifyFailure && !verifyFailure.fields.code
      ? verifyFailure.message
      : resend.isError
        ? describeFailure(resend.error).message
        : undefined;
  const email = state.email;

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-center text-sm text-slate-600">
        <Trans>
          If {email} belongs to an Equip account, we emailed it a 6-digit code. It is valid for 10 minutes.
        </Trans>
      </p>
      {otherError ? <Alert variant="error">{otherError}</Alert> : null}
      {resent && !resend.isError ? (
        <Alert variant="success">
          <Trans>A new code is on its way. Earlier codes no longer work.</Trans>
        </Alert>
      ) : null}
      <OneTimeCodeField
        ref={inputRef}
        label={t`Verification code`}
        value={code}
        error={fieldError}
        onCodeChange={setCode}
      />
      <Button type="submit" className="w-full" loading={verify.isPending}>
        {verify.isPending ? <Trans>Verifying…</Trans> : <Trans>Verify</Trans>}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="ghost" size="sm" loading={resend.isPending} onClick={() => resend.send(email)}>
          <Trans>Send a new code</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => dispatch(startOver())}>
          <Trans>Use another email</Trans>
        </Button>
      </div>
    </form>
  );
}
