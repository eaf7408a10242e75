import { Building2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { safeNextPath } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { SsoForm } from '../components/sso-form';

/** `/auth/sso`: single sign-on on its own (the login page offers it too). */
export function SsoPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard
      title="Sign in with SSO"
      description="Use your company account (Google, Microsoft or your identity provider)."
      icon={Building2}
      footer={<BackToLogin />}
    >
      <SsoForm next={safeNextPath(searchParams.get('next'))} />
    </AuthCard>
  );
}
