import { ErrorType } from '@equip/domain/errors';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { PartyPopper, TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { setPassword } from '../api/set-password';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { NewPasswordForm } from '../components/new-password-form';
import { useCompleteSignIn } from '../use-complete-sign-in';

/** `/auth/set-password?invitationToken=…`: accepting an invitation. Success signs the person in. */
export function SetPasswordPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('invitationToken');
  const completeSignIn = useCompleteSignIn(undefined);
  const accept = useMutation({ mutationFn: setPassword, onSuccess: completeSignIn });

  if (!invitationToken) {
    return (
      <AuthCard
        title={t`Set your password`}
        icon={TriangleAlert}
        iconTone="red"
        description={t`This invitation link is incomplete.`}
        footer={<BackToLogin />}
      >
        <p className="text-center text-sm text-slate-600">
          <Trans>
            Open the link from your invitation email again, or ask your IT team to send a new invitation.
          </Trans>
        </p>
      </AuthCard>
    );
  }

  const failure = accept.isError ? describeFailure(accept.error) : undefined;
  const invalid = failure?.errorType === ErrorType.InvalidToken;
  return (
    <AuthCard
      title={t`Set your password`}
      icon={PartyPopper}
      description={t`Welcome to Equip! Choose a password to activate your account.`}
      footer={
        <>
          <Trans>Already activated?</Trans> <BackToLogin />
        </>
      }
    >
      <NewPasswordForm
        submitLabel={t`Activate account`}
        pendingLabel={t`Activating…`}
        pending={accept.isPending}
        onSubmit={(password) => accept.mutate({ invitationToken, password })}
      >
        {invalid ? (
          <Alert variant="error" title={t`This invitation is invalid or has expired`}>
            <Trans>Invitations work once and for seven days. Ask your IT team to send you a new one.</Trans>
          </Alert>
        ) : failure ? (
          <Alert variant="error">{failure.message}</Alert>
        ) : null}
      </NewPasswordForm>
    </AuthCard>
  );
}
