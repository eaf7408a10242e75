import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { apiError, type FakeRoutes, installFakeApi, json, noContent } from '@/test/fake-api';
import { decryptTestPassword, testPublicJwk } from '@/test/password-key';
import { renderRoute } from '@/test/render';
import { selectLoginPassword, selectShowMfaForm } from '../login-slice';

const assignLocation = vi.hoisted(() => vi.fn());
vi.mock('@/lib/location', () => ({ assignLocation }));

const AUTH = '/user/shared/auth';
const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1', onboardingStep: 'finished' };

async function api(routes: FakeRoutes) {
  return installFakeApi({ [`GET ${AUTH}/unprotected/public-key`]: await testPublicJwk(), ...routes });
}

function renderLogin(path = '/auth/login') {
  return renderRoute(path, { user: null });
}

async function fillAndSubmit(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => assignLocation.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('login', () => {
  it('has labelled fields, a forgot-password link and the SSO option', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Equip' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
    expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toBeInTheDocument();
  });

  it('validates before sending, links the errors and focuses the first one', async () => {
    const server = await api({});
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription(/valid email address/);
    expect(server.requests).toHaveLength(0);
  });

  it('sends the password only encrypted, clears it from the store and goes to next', async () => {
    const server = await api({ [`POST ${AUTH}/unprotected/login`]: TOKENS });
    const { user, router, services } = renderLogin('/auth/login?next=%2Fdashboard%2Fdevices%3Ftab%3Dassets');
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices'));
    expect(router.state.location.search).toBe('?tab=assets');
    const [login] = server.calls(`POST ${AUTH}/unprotected/login`);
    const body = login?.body as { email: string; encryptedPassword: string };
    expect(Object.keys(body).sort()).toEqual(['email', 'encryptedPassword']);
    expect(body.email).toBe('ada@acme.example');
    expect(JSON.stringify(body)).not.toContain('correct horse battery');
    await expect(decryptTestPassword(body.encryptedPassword)).resolves.toBe('correct horse battery');
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('access-1');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('refresh-1');
    expect(selectLoginPassword(services.store.getState())).toBe('');
  });

  // The second is issue 24's payload: a browser reads it as //evil.example.
  it.each(['https://evil.example', '/\t/evil.example/landing'])(
    'ignores a next that leaves the site (%j) and goes to the overview',
    async (next) => {
      await api({ [`POST ${AUTH}/unprotected/login`]: TOKENS });
      const { user, router } = renderLogin(`/auth/login?next=${encodeURIComponent(next)}`);
      await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    },
  );

  it('continues where the organisation setup stands when there is no next', async () => {
    await api({ [`POST ${AUTH}/unprotected/login`]: { ...TOKENS, onboardingStep: 'registerDevices' } });
    const { user, router } = renderLogin('/auth/login');
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/register-devices'));
  });

  it('sends someone already signed in straight on', async () => {
    const { router } = renderRoute('/auth/login?next=%2Fdashboard%2Femployees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/employees'));
  });

  it('says clearly when the credentials are wrong and puts focus back on the empty password', async () => {
    await api({
      [`POST ${AUTH}/unprotected/login`]: () =>
        apiError(401, 'Email or password is incorrect', 'InvalidCredentials'),
    });
    const { user, router, services } = renderLogin();
    await fillAndSubmit(user, 'ada@acme.example', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(/email or password is incorrect/);
    expect(selectLoginPassword(services.store.getState())).toBe('');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBeUndefined();
  });

  it('tells when to try again after too many attempts (429 with Retry-After)', async () => {
    const server = await api({
      [`POST ${AUTH}/unprotected/login`]: () =>
        apiError(429, 'Too many attempts. Try again later.', 'TooManyRequests', { 'Retry-After': '120' }),
    });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@acme.example', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Too many sign-in attempts\. Try again in 2 minutes \(at .+\)\./,
    );
    // A 401-free auth call never triggers the token refresh.
    expect(server.calls(`POST ${AUTH}/unprotected/refresh`)).toHaveLength(0);
  });

  it('shows "Failed to encrypt password" when the browser cannot encrypt', async () => {
    const server = await api({});
    vi.stubGlobal('crypto', {});
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to encrypt password');
    expect(server.calls(`POST ${AUTH}/unprotected/login`)).toHaveLength(0);
  });
});

describe('second factor', () => {
  it('asks for the emailed code, can resend it, and signs in with it', async () => {
    const server = await api({
      [`POST ${AUTH}/unprotected/login`]: { mfaMethod: 'email-code', mfaToken: 'mfa-1' },
      [`POST ${AUTH}/unprotected/otp/generate`]: () => noContent(),
      [`POST ${AUTH}/mfa/login`]: TOKENS,
    });
    const { user, router, services } = renderLogin('/auth/login?next=/dashboard/bundles');
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(selectShowMfaForm(services.store.getState())).toBe(true);
    expect(selectLoginPassword(services.store.getState())).toBe('');
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/We emailed a 6-digit code to ada@acme\.example/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/A new code is on its way/)).toBeInTheDocument();
    expect(server.calls(`POST ${AUTH}/unprotected/otp/generate`)[0]?.body).toEqual({ mfaToken: 'mfa-1' });
    expect(screen.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code');
    await user.type(code, '12 34-56');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/bundles'));
    expect(server.calls(`POST ${AUTH}/mfa/login`)[0]?.body).toEqual({ mfaToken: 'mfa-1', code: '123456' });
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('access-1');
    expect(selectShowMfaForm(services.store.getState())).toBe(false);
  });

  it('reports a wrong code at the input and offers recovery codes to authenticator users', async () => {
    const server = await api({
      [`POST ${AUTH}/unprotected/login`]: { mfaMethod: 'authenticator', mfaToken: 'mfa-2' },
      [`POST ${AUTH}/mfa/login`]: ({ body }) =>
        (body as { code: string }).code === 'abcde-12345'
          ? json(200, TOKENS)
          : apiError(401, 'The code is not valid', 'InvalidMfaCode'),
    });
    const { user, router } = renderLogin();
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByText(/authenticator app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send a new code/ })).not.toBeInTheDocument();
    await user.type(code, '000000{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code isn’t right/));
    expect(code).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await user.type(recovery, 'abcde-12345{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(server.calls(`POST ${AUTH}/mfa/login`).at(-1)?.body).toEqual({
      mfaToken: 'mfa-2',
      code: 'abcde-12345',
    });
  });

  it('offers to start over when the sign-in has expired', async () => {
    await api({
      [`POST ${AUTH}/unprotected/login`]: { mfaMethod: 'sms-code', mfaToken: 'mfa-3' },
      [`POST ${AUTH}/mfa/login`]: () => apiError(401, 'Too many wrong codes. Sign in again.', 'Unauthorized'),
    });
    const { user, services } = renderLogin();
    await fillAndSubmit(user, 'ada@acme.example', 'correct horse battery');
    expect(await screen.findByText(/We texted a 6-digit code/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByText('Too many wrong codes. Sign in again.')).toBeInTheDocument();
    const startOver = screen.getByRole('button', { name: 'Start over' });
    expect(startOver).toHaveFocus();
    await user.click(startOver);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Equip' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(selectShowMfaForm(services.store.getState())).toBe(false);
  });
});

describe('single sign-on', () => {
  it('starts SSO with the email and the return path, then leaves for the identity provider', async () => {
    const server = installFakeApi({
      [`POST ${AUTH}/unprotected/sso/start`]: { authorizationUrl: 'https://idp.example/authorize?x=1' },
    });
    const { user } = renderLogin('/auth/login?next=/dashboard/workspaces');
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    const email = screen.getByLabelText('Work email');
    expect(email).toHaveFocus();
    await user.type(email, 'ada@acme.example{Enter}');
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(server.calls(`POST ${AUTH}/unprotected/sso/start`)[0]?.body).toEqual({
      email: 'ada@acme.example',
      redirect: '/dashboard/workspaces',
    });
  });

  it('continues with the password, email kept, when the email does not sign in with SSO', async () => {
    const server = await api({
      [`POST ${AUTH}/unprotected/sso/start`]: { authorizationUrl: null },
      [`POST ${AUTH}/unprotected/login`]: TOKENS,
    });
    const { user, router } = renderLogin('/auth/login?next=/dashboard/bundles');
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work email'), 'ada@acme.example{Enter}');

    const password = await screen.findByLabelText('Password');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Equip' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@acme.example');
    expect(screen.getByRole('status')).toHaveTextContent(
      'This email signs in with a password. Enter it below.',
    );
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(/signs in with a password/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();

    await user.type(password, 'correct horse battery{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/bundles'));
    expect(server.calls(`POST ${AUTH}/unprotected/login`)[0]?.body).toMatchObject({
      email: 'ada@acme.example',
    });
  });

  it('does the same from the stand-alone SSO page, keeping next', async () => {
    installFakeApi({ [`POST ${AUTH}/unprotected/sso/start`]: { authorizationUrl: null } });
    const { user, router } = renderLogin('/auth/sso?next=/dashboard/bundles');
    await user.type(await screen.findByLabelText('Work email'), 'who@acme.example{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?next=%2Fdashboard%2Fbundles');
    expect(await screen.findByLabelText('Email')).toHaveValue('who@acme.example');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('This email signs in with a password.');
  });

  it('explains a start that fails on the organisation’s side', async () => {
    installFakeApi({
      [`POST ${AUTH}/unprotected/sso/start`]: () =>
        apiError(400, 'The identity provider could not be reached', 'SSOAuthenticationErrorUnknown'),
    });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    const email = screen.getByLabelText('Work email');
    await user.type(email, 'ada@acme.example{Enter}');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Single sign-on didn’t work')).toBeInTheDocument();
    expect(alert).toHaveTextContent('The identity provider could not be reached');
    expect(email).toHaveFocus();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it.each([
    ['SSOAuthenticationErrorUnknownEmail', 'No Equip account uses this email'],
    ['SSOAuthenticationErrorUserSoftDeleted', 'This account has been removed'],
    ['SSOAuthenticationErrorUnknown', 'Single sign-on didn’t work'],
    ['SomethingElse', 'Single sign-on didn’t work'],
  ])('shows a friendly message for ssoError=%s', async (errorType, title) => {
    renderLogin(`/auth/login?ssoError=${errorType}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(title)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
