import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { SetPasswordPage } from './set-password-page';
import { SsoPage } from './sso-page';

/** Screens reached as `/auth/:type` besides the ones with their own route. */
const AUTH_TYPES: Record<string, ComponentType> = {
  'set-password': SetPasswordPage,
  sso: SsoPage,
};

/** `/auth` and `/auth/:type`: known types show their screen, anything else goes to the login. */
export function AuthTypePage() {
  const { type } = useParams();
  const { search } = useLocation();
  const Screen = type ? AUTH_TYPES[type] : undefined;
  if (!Screen) return <Navigate to={`${paths.auth.login()}${search}`} replace />;
  return <Screen />;
}
