import { MailWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

/** `/auth/email-verification`; `type=failed` when a verification link did not work (SPEC §8). */
export function EmailVerificationPage() {
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('type') === 'failed';
  if (failed) {
    return (
      <AuthCard
        title="We couldn’t verify your email"
        description="The link may have expired or been used already."
        footer={<BackToLogin />}
      >
        <div className="flex justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <MailWarning aria-hidden="true" className="size-6" />
          </span>
        </div>
        <p className="text-center text-sm text-slate-600">
          Ask your IT owner to send a new invitation, or sign in if your account is already active.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Check your inbox"
      description="Open the link in the email we sent you to verify your address."
      footer={<BackToLogin />}
    />
  );
}
