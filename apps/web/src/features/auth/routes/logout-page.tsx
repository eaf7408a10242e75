import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearTokens } from '@/lib/auth-tokens';
import { PageSpinner } from '@/ui/spinner';

/**
 * `/logout`: forgets the session in this browser (token cookies, cached server data) and goes to
 * the login. Revoking the refresh token on the server arrives with the authentication release.
 */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    clearTokens();
    queryClient.clear();
    navigate(paths.auth.login(), { replace: true });
  }, [queryClient, navigate]);
  return <PageSpinner label="Signing out" />;
}
