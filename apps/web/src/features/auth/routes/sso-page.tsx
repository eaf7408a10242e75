import { safeRedirectPath } from '@equip/domain/redirects';
import { useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { SsoForm } from '../components/sso-form';
import type { LoginLocationState } from './login-page';

/** `/auth/sso`: single sign-on on its own (the login page offers it too). */
export function SsoPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeRedirectPath(searchParams.get('next'));
  return (
    <AuthCard
      title={t`Sign in with SSO`}
      description={t`Use your company account (Google, Microsoft or your identity provider).`}
      icon={Building2}
      footer={<BackToLogin />}
    >
      <SsoForm
        next={next}
        onPasswordInstead={() =>
          navigate(paths.auth.login(next), {
            state: { passwordInsteadOfSso: true } satisfies LoginLocationState,
          })
        }
      />
    </AuthCard>
  );
}
