import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { Notice } from '@/ui/notice';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

/** Screens reached as `/auth/:type` besides the ones with their own route. */
const AUTH_TYPES: Record<string, { title: string; description: string; notice: string }> = {
  'set-password': {
    title: 'Set your password',
    description: 'You were invited to Equip. Choose a password to activate your account.',
    notice: 'Accepting invitations is not available on this server yet.',
  },
  sso: {
    title: 'Single sign-on',
    description: 'Sign in with your company account.',
    notice: 'Single sign-on is not available on this server yet.',
  },
};

/** `/auth` and `/auth/:type`: known types show their screen, anything else goes to the login. */
export function AuthTypePage() {
  const { type } = useParams();
  const { search } = useLocation();
  const screen = type ? AUTH_TYPES[type] : undefined;
  if (!screen) return <Navigate to={`${paths.auth.login()}${search}`} replace />;
  return (
    <AuthCard title={screen.title} description={screen.description} footer={<BackToLogin />}>
      <Notice>{screen.notice}</Notice>
    </AuthCard>
  );
}
