import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { MailQuestion, MailWarning, Send } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { hasSessionCookie } from '@/lib/auth-tokens';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { sendVerification } from '../api/send-verification';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { TextLink } from '../components/text-link';

/** Sends a new link when signed in; otherwise asks to sign in first (and come back here). */
function ResendLink() {
  const { t } = useLingui();
  const resend = useMutation({ mutationFn: sendVerification });
  if (!hasSessionCookie()) {
    const back = paths.auth.emailVerification(true);
    return (
      <p className="text-center text-sm text-slate-600">
        <Trans>
          Need a new link? <TextLink to={paths.auth.login(back)}>Sign in</TextLink> and we’ll send you one.
        </Trans>
      </p>
    );
  }
  if (resend.isSuccess) {
    return (
      <Alert variant="success">
        <Trans>We sent a new link. Check your inbox (and the spam folder).</Trans>
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      {resend.isError ? (
        <Alert variant="error">
          {errorMessage(resend.error, t`We couldn’t send a new link. Please try again.`)}
        </Alert>
      ) : null}
      <Button className="w-full" loading={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? null : <Send aria-hidden="true" />}
        {resend.isPending ? <Trans>Sending…</Trans> : <Trans>Send a new link</Trans>}
      </Button>
    </div>
  );
}

/** `/auth/email-verification`; `type=failed` when a verification link did not work (SPEC §8). */
export function EmailVerificationPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('type') === 'failed';
  if (failed) {
    return (
      <AuthCard
        title={t`We couldn’t verify your email`}
        description={t`The link may have expired (links work for seven days) or been used already.`}
        icon={MailWarning}
        iconTone="red"
        footer={<BackToLogin />}
      >
        <ResendLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t`Check your inbox`}
      description={t`Open the link in the email we sent you to verify your address.`}
      icon={MailQuestion}
      footer={<BackToLogin />}
    >
      <ResendLink />
    </AuthCard>
  );
}
