import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { apiError, type FakeRoutes, installFakeApi, noContent } from '@/test/fake-api';
import { decryptTestPassword, testPublicJwk } from '@/test/password-key';
import { renderRoute } from '@/test/render';

const SHARED = '/user/shared/auth';
const OWNER = '/user/owner/auth';

async function api(routes: FakeRoutes) {
  return installFakeApi({ [`GET ${SHARED}/unprotected/public-key`]: await testPublicJwk(), ...routes });
}

afterEach(() => vi.unstubAllGlobals());

describe('password reset', () => {
  it('requests a link for an email and confirms without saying whether the account exists', async () => {
    const server = await api({ [`POST ${SHARED}/unprotected/request-password-reset`]: () => noContent() });
    const { user } = renderRoute('/auth/reset-password', { user: null });
    const email = await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription('Enter your email address');
    expect(email).toHaveFocus();
    await user.type(email, 'ada@acme.example{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an Equip account uses/)).toHaveTextContent('ada@acme.example');
    expect(server.calls(`POST ${SHARED}/unprotected/request-password-reset`)[0]?.body).toEqual({
      email: 'ada@acme.example',
    });
  });

  it('sets the new password with the token: required, rules, confirmation, then the login', async () => {
    const server = await api({ [`POST ${SHARED}/unprotected/reset-password`]: () => noContent() });
    const { user, router } = renderRoute('/auth/reset-password?token=reset-token-1', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters \(not met yet\)/);

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Password is required/));
    expect(password).toHaveFocus();

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Use at least 8 characters/));

    await user.type(password, '-but-now-long');
    expect(password).toHaveAccessibleDescription(/At least 8 characters \(met\)/);
    await user.type(confirm, 'something else');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('The passwords don’t match'));
    expect(server.calls(`POST ${SHARED}/unprotected/reset-password`)).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'short-but-now-long{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    const body = server.calls(`POST ${SHARED}/unprotected/reset-password`)[0]?.body as {
      token: string;
      encryptedPassword: string;
    };
    expect(body.token).toBe('reset-token-1');
    await expect(decryptTestPassword(body.encryptedPassword)).resolves.toBe('short-but-now-long');
  });

  it('explains an expired link and offers a new one', async () => {
    await api({
      [`POST ${SHARED}/unprotected/reset-password`]: () =>
        apiError(400, 'This reset link is invalid or has expired', 'InvalidToken'),
    });
    const { user } = renderRoute('/auth/reset-password?token=old', { user: null });
    await user.type(await screen.findByLabelText('New password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-password{Enter}');
    expect(await screen.findByText('This link has expired or was already used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });
});

describe('invitation (set password)', () => {
  it('welcomes the person, sets the password and signs them in', async () => {
    const server = await api({
      [`POST ${OWNER}/unprotected/set-password`]: {
        accessToken: 'a-new',
        refreshToken: 'r-new',
        onboardingStep: 'registerDevices',
      },
    });
    const { user, router } = renderRoute('/auth/set-password?invitationToken=inv-1', { user: null });
    expect(await screen.findByText(/Welcome to Equip!/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'my-first-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-first-password');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    // The organisation is still setting up: the new owner continues there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/register-devices'));
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('a-new');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBe('r-new');
    const body = server.calls(`POST ${OWNER}/unprotected/set-password`)[0]?.body as {
      invitationToken: string;
      encryptedPassword: string;
    };
    expect(body.invitationToken).toBe('inv-1');
    await expect(decryptTestPassword(body.encryptedPassword)).resolves.toBe('my-first-password');
  });

  it('says so when the link has no token or the invitation is used up', async () => {
    renderRoute('/auth/set-password', { user: null });
    expect(await screen.findByText('This invitation link is incomplete.')).toBeInTheDocument();

    await api({
      [`POST ${OWNER}/unprotected/set-password`]: () =>
        apiError(400, 'This invitation is invalid or has expired', 'InvalidToken'),
    });
    const { user } = renderRoute('/auth/set-password?invitationToken=used', { user: null });
    await user.type(await screen.findByLabelText('New password'), 'my-first-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-first-password{Enter}');
    expect(await screen.findByText('This invitation is invalid or has expired')).toBeInTheDocument();
  });
});

describe('email verification', () => {
  it('verifies the code from the link once', async () => {
    const server = installFakeApi({ [`POST ${SHARED}/unprotected/verify-email`]: () => noContent() });
    renderRoute('/auth/verify/code-123', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(server.calls(`POST ${SHARED}/unprotected/verify-email`).map((call) => call.body)).toEqual([
      { code: 'code-123' },
    ]);
  });

  it('goes to email-verification?type=failed when the code is refused', async () => {
    installFakeApi({
      [`POST ${SHARED}/unprotected/verify-email`]: () =>
        apiError(400, 'This verification link is invalid or has expired', 'InvalidToken'),
    });
    const { router } = renderRoute('/auth/verify/bad', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t verify your email' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/email-verification');
    expect(router.state.location.search).toBe('?type=failed');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?next=%2Fauth%2Femail-verification%3Ftype%3Dfailed',
    );
  });

  it('offers a new link when signed in', async () => {
    const server = installFakeApi({ [`POST ${SHARED}/send-verification`]: () => noContent() });
    setCookie(ACCESS_TOKEN_COOKIE, 'acc', 60_000);
    const { user } = renderRoute('/auth/email-verification?type=failed', { user: null });
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(/We sent a new link/)).toBeInTheDocument();
    expect(server.calls(`POST ${SHARED}/send-verification`)[0]?.headers.Authorization).toBe('Bearer acc');
  });
});
