import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MailCheck, RotateCw } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { describeFailure } from '@/lib/api/error-message';
import { hasSessionCookie } from '@/lib/auth-tokens';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { verifyEmailQueryOptions } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

/** `/auth/verify/:code`: the link from a verification email. A refused code leads to `type=failed` (SPEC §8). */
export function VerifyPage() {
  const { t } = useLingui();
  const { code = '' } = useParams();
  const check = useQuery(verifyEmailQueryOptions(code));

  if (check.isError) {
    const failure = describeFailure(check.error);
    // The server answered and refused the code (not a failure on the way): the spec's failed page.
    if (failure.kind !== 'failed' && failure.kind !== 'network') {
      return <Navigate to={paths.auth.emailVerification(true)} replace />;
    }
    return (
      <AuthCard title={t`Verify your email`} footer={<BackToLogin />}>
        <Alert variant="error">{failure.message}</Alert>
        <Button variant="secondary" className="w-full" onClick={() => check.refetch()}>
          <RotateCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </AuthCard>
    );
  }

  if (check.isSuccess) {
    const signedIn = hasSessionCookie();
    return (
      <AuthCard
        title={t`Email verified`}
        icon={MailCheck}
        iconTone="emerald"
        description={t`Thanks! Your email address is confirmed.`}
      >
        <Button asChild className="w-full">
          <Link to={signedIn ? paths.dashboard.overview : paths.auth.login()}>
            {signedIn ? <Trans>Continue to Equip</Trans> : <Trans>Sign in</Trans>}
          </Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Verify your email`} description={t`One moment while we confirm your email address.`}>
      <div className="flex justify-center py-2">
        <Spinner label={t`Verifying your email`} />
      </div>
    </AuthCard>
  );
}
