import { safeRedirectPath } from '@equip/domain/redirects';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { clearTokens, getAccessToken, getRefreshToken } from '@/lib/auth-tokens';
import { useAppDispatch } from '@/lib/store';
import { PageSpinner } from '@/ui/spinner';
import { logout } from '../api/logout';
import { clearLoginForm } from '../login-slice';

/** The server gets this long to revoke the session before the browser moves on anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/**
 * `/logout`: revokes the session on the server (best effort), forgets it in this browser (token
 * cookies, cached server data, the login form) and shows the login. `next` (set when a session
 * expired) is passed on, so signing in again returns to the same page.
 */
export function LogoutPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const next = safeRedirectPath(searchParams.get('next'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const tokens = { accessToken: getAccessToken(), refreshToken: getRefreshToken() };
    clearTokens();
    queryClient.clear();
    dispatch(clearLoginForm());
    const revoke =
      tokens.accessToken || tokens.refreshToken ? logout(tokens).catch(() => undefined) : Promise.resolve();
    const timeout = new Promise((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS));
    void Promise.race([revoke, timeout]).then(() => navigate(paths.auth.login(next), { replace: true }));
  }, [queryClient, navigate, dispatch, next]);

  return <PageSpinner label={t`Signing out`} />;
}
