import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRoutes, installFakeApi, json, noContent } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { decryptTestPassword, testPublicJwk } from '@/test/password-key';
import { renderRoute } from '@/test/render';

const AUTH = '/user/shared/auth';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-1234${index}`);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => vi.unstubAllGlobals());

/** The API with the password key, so the dialog can encrypt the password as the login does. */
async function api(routes: FakeRoutes) {
  return installFakeApi({ [`GET ${AUTH}/unprotected/public-key`]: await testPublicJwk(), ...routes });
}

/** 403 as the server answers a missing or wrong proof. */
function reauthenticationRequired(param: 'encryptedPassword' | 'code') {
  return json(403, {
    errors: [
      {
        msg: 'Confirm with your password',
        errorType: 'ReauthenticationRequired',
        location: 'body',
        param,
        errorCode: 403,
      },
    ],
  });
}

async function passwordOf(body: unknown): Promise<string> {
  return decryptTestPassword((body as { encryptedPassword: string }).encryptedPassword);
}

describe('account page', () => {
  it('shows the email and that two-step verification is off', async () => {
    renderRoute('/dashboard/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByText('ada@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('enrols an authenticator app: password first, QR code and key, a code, then the recovery codes once', async () => {
    let enrolled = false;
    const server = await api({
      [`POST ${AUTH}/mfa/authenticator/setup`]: async ({ body }) =>
        (await passwordOf(body)) === 'correct horse battery'
          ? json(200, {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              otpauthUrl: 'otpauth://totp/Equip:ada@acme.example?secret=JBSWY3DPEHPK3PXP',
              qrCodeDataUrl: QR,
            })
          : reauthenticationRequired('encryptedPassword'),
      [`POST ${AUTH}/mfa/authenticator/confirm`]: ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return apiError(400, 'The code is not valid', 'InvalidMfaCode');
        }
        enrolled = true;
        return json(200, { recoveryCodes: RECOVERY_CODES });
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: enrolled ? ['authenticator'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Set up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveAccessibleDescription(
      /connect an authenticator app.*Enter your password to continue/,
    );
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // No authenticator yet: no code option, but a way on for people without a password.
    expect(
      within(dialog).queryByRole('button', { name: /authenticator app instead/ }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /I don’t have a password/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(password).toHaveFocus();
    expect(server.calls(`POST ${AUTH}/mfa/authenticator/setup`)).toHaveLength(0);

    await user.type(password, 'wrong password{Enter}');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That password isn’t right. Try again.'),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    await user.clear(password);
    await user.type(password, 'correct horse battery{Enter}');

    const heading = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', QR);
    expect(screen.getByLabelText(/setup key/)).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the app');
    await user.type(code, '654321{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code isn’t right/));
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    const codesHeading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(codesHeading).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(await screen.findByText('On · Authenticator app')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I’ve saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up again' })).toBeInTheDocument();
    const setups = server.calls(`POST ${AUTH}/mfa/authenticator/setup`);
    expect(setups).toHaveLength(2);
    expect(Object.keys(setups[1]!.body as object)).toEqual(['encryptedPassword']);
    expect(JSON.stringify(setups[1]?.body)).not.toContain('correct horse battery');
    expect(server.calls(`POST ${AUTH}/mfa/authenticator/confirm`).map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('switches from the authenticator to email codes with a code from the app', async () => {
    let method: string | null = 'authenticator';
    const server = await api({
      [`PUT ${AUTH}/mfa/method`]: ({ body }) => {
        const request = body as { method: string | null; code?: string };
        if (request.code !== 'abcde-12345') return reauthenticationRequired('code');
        method = request.method;
        return noContent();
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: method ? [method as 'email-code'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account', { user: testUser({ mfaMethods: ['authenticator'] }) });
    await user.click(await screen.findByRole('button', { name: 'Use email codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveAccessibleDescription(/authenticator app and its recovery codes stop working/);
    expect(within(dialog).queryByRole('button', { name: /I don’t have a password/ })).not.toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Use a code from your authenticator app instead' }),
    );
    const code = within(dialog).getByLabelText('Authenticator or recovery code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code isn’t right/));
    await waitFor(() => expect(code).toHaveFocus());

    await user.clear(code);
    await user.type(code, ' abcde-12345 ');
    await user.click(within(dialog).getByRole('button', { name: 'Use email codes' }));
    expect(await screen.findByText('On · Codes by email')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Two-step verification now uses codes by email.')).toBeInTheDocument();
    expect(server.calls(`PUT ${AUTH}/mfa/method`).map((call) => call.body)).toEqual([
      { method: 'email-code', code: '000000' },
      { method: 'email-code', code: 'abcde-12345' },
    ]);
  });

  it('turns two-step verification off with the password; Escape cancels', async () => {
    let method: string | null = 'email-code';
    const server = await api({
      [`PUT ${AUTH}/mfa/method`]: async ({ body }) => {
        if ((await passwordOf(body)) !== 'correct horse battery')
          return reauthenticationRequired('encryptedPassword');
        method = (body as { method: string | null }).method;
        return noContent();
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: method ? ['email-code'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account', { user: testUser({ mfaMethods: ['email-code'] }) });
    const turnOff = await screen.findByRole('button', { name: 'Turn off' });
    await user.click(turnOff);
    let dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(turnOff).toHaveFocus());
    expect(server.calls(`PUT ${AUTH}/mfa/method`)).toHaveLength(0);

    await user.click(turnOff);
    dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveAccessibleDescription(/sign in with your password only/);
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    const body = server.calls(`PUT ${AUTH}/mfa/method`)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['encryptedPassword', 'method']);
    expect(body.method).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Two-step verification' })).toHaveFocus());
  });

  it('lets someone without a password (single sign-on only) go on without a proof', async () => {
    let method: string | null = null;
    const server = await api({
      [`PUT ${AUTH}/mfa/method`]: ({ body }) => {
        method = (body as { method: string | null }).method;
        return noContent();
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: method ? ['email-code'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Use email codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: /I don’t have a password/ }));
    expect(await screen.findByText('On · Codes by email')).toBeInTheDocument();
    expect(server.calls(`PUT ${AUTH}/mfa/method`)[0]?.body).toEqual({ method: 'email-code' });
  });

  it('says at the password when an account that has one tries without it, and shows other errors', async () => {
    let attempt = 0;
    await api({
      [`PUT ${AUTH}/mfa/method`]: () => {
        attempt += 1;
        return attempt === 1
          ? reauthenticationRequired('encryptedPassword')
          : apiError(429, 'Too many attempts. Try again later.', 'TooManyRequests', { 'Retry-After': '30' });
      },
    });
    const { user } = renderRoute('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Use email codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: /I don’t have a password/ }));
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('This account has a password. Enter it to continue.'),
    );
    await user.type(password, 'some password{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again in 30 seconds.');
    expect(password).not.toHaveAttribute('aria-invalid');
  });
});
