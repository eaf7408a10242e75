import type { MfaMethod } from '@equip/domain/identity';
import { safeRedirectPath } from '@equip/domain/redirects';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Building2, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { hasSessionCookie } from '@/lib/auth-tokens';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Spinner } from '@/ui/spinner';
import { PASSWORD_INSTEAD_OF_SSO_NOTICE, ssoErrorMessage } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { type MfaChallenge, PasswordLoginForm } from '../components/password-login-form';
import { SsoForm } from '../components/sso-form';
import { clearLoginForm, MFA_CHALLENGE_TTL_MS, selectShowMfaForm, showMfaForm } from '../login-slice';
import { useCompleteSignIn } from '../use-complete-sign-in';

const MFA_TITLES: Record<MfaMethod, MessageDescriptor> = {
  'email-code': msg`Check your email`,
  'sms-code': msg`Check your phone`,
  authenticator: msg`Two-step verification`,
};

/**
 * The second step is no part of what the page waits for: it is fetched once the first form is up, and
 * shown (title and form at once) when a sign-in needs it.
 */
const loadMfaForm = () => import('../components/mfa-form');
const MfaForm = lazy(() => loadMfaForm().then((module) => ({ default: module.MfaForm })));

/** A message another screen hands to the login (e.g. "your password has been changed"). */
export interface LoginLocationState {
  notice?: string;
  /** Single sign-on answered that the email signs in with a password (the email is in the login slice). */
  passwordInsteadOfSso?: boolean;
}

/**
 * `/auth/login` (SPEC §2): email and password, then the second factor when required, or single
 * sign-on. `next` is the same-origin page to return to; `ssoError` is set by the SSO callback.
 */
export function LoginPage() {
  const { i18n, t } = useLingui();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const next = safeRedirectPath(searchParams.get('next'));
  const ssoError = searchParams.get('ssoError');
  const locationState = location.state as LoginLocationState | null;
  const notice = locationState?.notice;
  const dispatch = useAppDispatch();
  const mfaShown = useAppSelector(selectShowMfaForm);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [mode, setMode] = useState<'password' | 'sso'>('password');
  const [passwordInsteadOfSso, setPasswordInsteadOfSso] = useState(
    locationState?.passwordInsteadOfSso === true,
  );
  const completeSignIn = useCompleteSignIn(next);
  const [signedInOnArrival] = useState(hasSessionCookie);

  useEffect(() => {
    void loadMfaForm();
  }, []);

  // Leaving the page forgets the form (nothing of a sign-in stays behind in the store).
  useEffect(
    () => () => {
      dispatch(clearLoginForm());
    },
    [dispatch],
  );

  // Someone already signed in when the page opened has nothing to do here.
  if (signedInOnArrival && !ssoError) {
    return <Navigate to={next ?? paths.dashboard.overview} replace />;
  }

  function startOver() {
    setChallenge(null);
    dispatch(clearLoginForm());
  }

  if (mfaShown && challenge) {
    return (
      <Suspense
        fallback={
          <div className="flex justify-center py-16">
            <Spinner label={t`Loading the second step`} />
          </div>
        }
      >
        <AuthCard title={i18n._(MFA_TITLES[challenge.mfaMethod])} icon={ShieldCheck}>
          <MfaForm challenge={challenge} onSignedIn={completeSignIn} onStartOver={startOver} />
        </AuthCard>
      </Suspense>
    );
  }

  if (mode === 'sso') {
    return (
      <AuthCard
        title={t`Sign in with SSO`}
        description={t`Use your company account (Google, Microsoft or your identity provider).`}
        icon={Building2}
      >
        <SsoForm
          next={next}
          onBack={() => setMode('password')}
          onPasswordInstead={() => {
            setPasswordInsteadOfSso(true);
            setMode('password');
          }}
        />
      </AuthCard>
    );
  }

  const ssoProblem = ssoError ? ssoErrorMessage(ssoError) : undefined;
  return (
    <AuthCard
      title={t`Sign in to Equip`}
      description={t`Manage your organisation’s employees, devices and software.`}
      footer={t`New to Equip? Your IT team sends you an invitation by email.`}
    >
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {ssoProblem ? (
        <Alert variant="error" title={ssoProblem.title}>
          {ssoProblem.text}
        </Alert>
      ) : null}
      <PasswordLoginForm
        onMfaRequired={(response) => {
          setChallenge({ mfaToken: response.mfaToken, mfaMethod: response.mfaMethod });
          dispatch(showMfaForm({ tokenExpireTimestamp: Date.now() + MFA_CHALLENGE_TTL_MS }));
        }}
        onSignedIn={completeSignIn}
        onUseSso={() => {
          setPasswordInsteadOfSso(false);
          setMode('sso');
        }}
        passwordNotice={passwordInsteadOfSso ? i18n._(PASSWORD_INSTEAD_OF_SSO_NOTICE) : undefined}
      />
    </AuthCard>
  );
}
