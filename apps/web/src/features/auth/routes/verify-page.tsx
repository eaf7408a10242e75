import { useParams } from 'react-router';
import { Notice } from '@/ui/notice';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

/** `/auth/verify/:code`: the link from a verification email. */
export function VerifyPage() {
  const { code } = useParams();
  return (
    <AuthCard
      title="Verify your email"
      description="This link confirms your email address."
      footer={<BackToLogin />}
    >
      <Notice>
        Email verification is not available on this server yet; your link
        {code ? ' has been received but' : ''} was not checked.
      </Notice>
    </AuthCard>
  );
}
