import type { OrganizationOnboardingStep } from '@equip/domain/identity';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppServices } from '@/lib/app-services';
import { storeTokens } from '@/lib/auth-tokens';
import { useAppDispatch } from '@/lib/store';
import { clearLoginForm } from './login-slice';

/** Where an organisation that has not finished setting up continues (SPEC §2 organisation onboarding). */
export function landingPage(onboardingStep: OrganizationOnboardingStep | undefined): string {
  if (onboardingStep === 'registerDevices') return paths.dashboard.registerDevices();
  if (onboardingStep === 'createBundle') return paths.dashboard.createBundle();
  return paths.dashboard.overview;
}

/**
 * After a successful sign-in (password, second factor or invitation): keep both tokens in cookies
 * (about a year, SPEC §9), forget the form and any data cached for a previous session, and go on to
 * `next` (a same-origin path, checked by the caller) or else where the organisation's setup continues
 * (the overview once it is finished). The dashboard's guard sends regular users on to their own page.
 */
export function useCompleteSignIn(next: string | undefined) {
  const services = useAppServices();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(
    (tokens: { accessToken: string; refreshToken: string; onboardingStep?: OrganizationOnboardingStep }) => {
      storeTokens(tokens);
      dispatch(clearLoginForm());
      // The sign-in page renders outside the app shell: there is a cache only if a page made one before.
      services.queryClient?.removeQueries();
      // Never "return" to the login or the logout.
      const target =
        next && !/^\/(logout|auth\/login)(\/|\?|$)/.test(next) ? next : landingPage(tokens.onboardingStep);
      navigate(target, { replace: true });
    },
    [dispatch, navigate, next, services],
  );
}
