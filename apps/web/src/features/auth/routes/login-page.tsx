import { Building2, KeyRound, Mail, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '@/config/paths';
import { ComingSoonList } from '@/ui/coming-soon-list';
import { Notice } from '@/ui/notice';
import { AuthCard } from '../components/auth-card';

/**
 * `/auth/login` (SPEC §2). The sign-in form (email and password, then an optional second factor)
 * arrives with the authentication release and replaces the placeholder below; `next` is the
 * page to return to afterwards.
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  return (
    <AuthCard
      title="Sign in to Equip"
      description="Manage your organisation’s employees, devices and software."
      footer={
        <Link
          to={paths.auth.resetPassword}
          className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Forgot your password?
        </Link>
      }
    >
      <Notice>Sign-in is not available on this server yet. It will offer:</Notice>
      <ComingSoonList
        items={[
          {
            icon: Mail,
            title: 'Email and password',
            description: 'Your work email and the password you set.',
          },
          {
            icon: ShieldCheck,
            title: 'Two-step verification',
            description: 'A code from an authenticator app, email or SMS when enabled.',
          },
          { icon: Building2, title: 'Single sign-on', description: 'Sign in with your company account.' },
        ]}
      />
      {next ? (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <KeyRound aria-hidden="true" className="size-3.5" />
          After signing in you will continue to <code className="text-slate-700">{next}</code>.
        </p>
      ) : null}
    </AuthCard>
  );
}
