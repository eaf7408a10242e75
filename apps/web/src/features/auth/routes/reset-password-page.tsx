import { ErrorType } from '@equip/domain/errors';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { describeFailure, errorMessage } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetPassword } from '../api/reset-password';
import { emailProblem } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { NewPasswordForm } from '../components/new-password-form';
import { TextLink } from '../components/text-link';
import type { LoginLocationState } from './login-page';

export const PASSWORD_CHANGED_NOTICE = msg`Your password has been changed. Sign in with your new password.`;

function RequestResetForm() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return inputRef.current?.focus();
    request.mutate(email.trim());
  }

  if (request.isSuccess) {
    const address = request.variables;
    return (
      <AuthCard
        title={t`Check your email`}
        icon={MailCheck}
        iconTone="emerald"
        description={
          <Trans>
            If an Equip account uses <strong className="font-medium text-slate-700">{address}</strong>, we’ve
            sent it a link to choose a new password. The link is valid for one hour.
          </Trans>
        }
        footer={<BackToLogin />}
      >
        <p className="text-center text-sm text-slate-500">
          <Trans>
            Nothing arrived? Check your spam folder, or{' '}
            <button
              type="button"
              className="rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
              onClick={() => request.reset()}
            >
              try another address
            </button>
            .
          </Trans>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Reset your password`}
      description={t`Enter your work email and we’ll send you a link to choose a new password.`}
      icon={KeyRound}
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        {request.isError ? <Alert variant="error">{errorMessage(request.error)}</Alert> : null}
        <EmailField
          ref={inputRef}
          label={t`Email`}
          required
          autoFocus
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <Button type="submit" className="w-full" loading={request.isPending}>
          {request.isPending ? <Trans>Sending…</Trans> : <Trans>Send reset link</Trans>}
        </Button>
      </form>
    </AuthCard>
  );
}

function ChooseNewPasswordForm({ token }: { token: string }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () =>
      navigate(paths.auth.login(), {
        replace: true,
        state: { notice: i18n._(PASSWORD_CHANGED_NOTICE) } satisfies LoginLocationState,
      }),
  });
  const failure = reset.isError ? describeFailure(reset.error) : undefined;
  const invalidLink = failure?.errorType === ErrorType.InvalidToken;
  return (
    <AuthCard
      title={t`Choose a new password`}
      description={t`Pick a password you don’t use anywhere else. Changing it signs you out everywhere.`}
      icon={KeyRound}
      footer={<BackToLogin />}
    >
      <NewPasswordForm
        submitLabel={t`Change password`}
        pendingLabel={t`Changing password…`}
        pending={reset.isPending}
        onSubmit={(password) => reset.mutate({ token, password })}
      >
        {invalidLink ? (
          <Alert variant="error" title={t`This link has expired or was already used`}>
            <Trans>
              Reset links work once and for one hour.{' '}
              <TextLink to={paths.auth.resetPassword}>Request a new link</TextLink>.
            </Trans>
          </Alert>
        ) : failure ? (
          <Alert variant="error">{failure.message}</Alert>
        ) : null}
      </NewPasswordForm>
    </AuthCard>
  );
}

/** `/auth/reset-password`: ask for a link, or (`?token=` from the mail) choose the new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <ChooseNewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}
