import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, RotateCw } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/error-message';
import { hasSessionCookie } from '@/lib/auth-tokens';
import { applyCurrentUserLocale } from '@/lib/current-user';
import { currentUserQueryOptions } from '@/lib/session';
import { onSessionEnded } from '@/lib/session-events';
import { MAIN_LAYOUT_THEME } from '@/lib/theme';
import { Button } from '@/ui/button';
import { Logo } from '@/ui/logo';
import { Spinner } from '@/ui/spinner';
import { isDashboardPathAllowed } from '../routes/dashboard-pages';

/** When the 401 handling ends the session, go to /logout (and come back here after signing in). */
function useLogoutWhenSessionEnds() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      onSessionEnded(() => {
        navigate(`${paths.logout}?next=${encodeURIComponent(here.current)}`, { replace: true });
      }),
    [navigate],
  );
}

function FullPage({ children }: { children: ReactNode }) {
  return (
    <div
      data-theme={MAIN_LAYOUT_THEME}
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-6 text-center"
    >
      {children}
    </div>
  );
}

/**
 * Every /dashboard route needs a session (SPEC §2, §4): a token cookie, then the current user.
 * Without one it goes to the login with `next` = this page. Regular users are kept to their own
 * page. When the server cannot be reached at start-up the session is left alone and a retry offered.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const location = useLocation();
  const signedIn = hasSessionCookie();
  const me = useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
  useLogoutWhenSessionEnds();
  // Once the user arrives, the dashboard mounts in the background (a transition, which React slices into
  // short tasks) while the spinner stays: one long task otherwise (Lighthouse's blocking time).
  const dashboardWaits = useDeferredValue(me.isPending);
  // The user may come from the cache (after the account page changed the language, say): apply it.
  useEffect(() => {
    if (me.data) void applyCurrentUserLocale(me.data);
  }, [me.data]);

  if (!signedIn) {
    return <Navigate to={paths.auth.login(`${location.pathname}${location.search}`)} replace />;
  }
  if (me.isPending || dashboardWaits) {
    return (
      <FullPage>
        <Logo />
        <Spinner label={t`Loading your account`} />
      </FullPage>
    );
  }
  if (me.isError) {
    return (
      <FullPage>
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <CloudOff aria-hidden="true" className="size-7" />
        </span>
        <div role="alert" className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            <Trans>Equip can’t be reached</Trans>
          </h1>
          <p className="max-w-md text-sm text-slate-500">
            {errorMessage(me.error, t`Your account could not be loaded right now.`)}{' '}
            <Trans>You are still signed in.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <Button loading={me.isFetching} onClick={() => me.refetch()}>
            {me.isFetching ? null : <RotateCw aria-hidden="true" />}
            <Trans>Try again</Trans>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.logout}>
              <Trans>Sign out</Trans>
            </Link>
          </Button>
        </div>
      </FullPage>
    );
  }
  if (!isDashboardPathAllowed(me.data.role, location.pathname)) {
    return <Navigate to={paths.dashboard.me} replace />;
  }
  return children;
}
