import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { apiError, json, mockApi, noContent } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

const AUTH = '/api/user/shared/auth';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-1234${index}`);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => vi.unstubAllGlobals());

describe('account page', () => {
  it('shows the email and that two-step verification is off', async () => {
    renderRoute('/dashboard/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByText('ada@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('enrols an authenticator app: QR code and key, a code, then the recovery codes once', async () => {
    let enrolled = false;
    const server = mockApi({
      [`POST ${AUTH}/mfa/authenticator/setup`]: {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Equip:ada@acme.example?secret=JBSWY3DPEHPK3PXP',
        qrCodeDataUrl: QR,
      },
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
    expect(server.calls(`POST ${AUTH}/mfa/authenticator/confirm`).map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('switches from the authenticator to email codes after asking', async () => {
    let method: string | null = 'authenticator';
    const server = mockApi({
      [`PUT ${AUTH}/mfa/method`]: ({ body }) => {
        method = (body as { method: string | null }).method;
        return noContent();
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: method ? [method as 'email-code'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account', { user: testUser({ mfaMethods: ['authenticator'] }) });
    await user.click(await screen.findByRole('button', { name: 'Use email codes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to codes by email?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use email codes' }));
    expect(await screen.findByText('On · Codes by email')).toBeInTheDocument();
    expect(server.calls(`PUT ${AUTH}/mfa/method`)[0]?.body).toEqual({ method: 'email-code' });
  });

  it('turns two-step verification off after asking', async () => {
    let method: string | null = 'email-code';
    const server = mockApi({
      [`PUT ${AUTH}/mfa/method`]: ({ body }) => {
        method = (body as { method: string | null }).method;
        return noContent();
      },
      [`GET ${AUTH}/me`]: () => json(200, testUser({ mfaMethods: method ? ['email-code'] : [] })),
    });
    const { user } = renderRoute('/dashboard/account', { user: testUser({ mfaMethods: ['email-code'] }) });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off two-step verification?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(server.calls(`PUT ${AUTH}/mfa/method`)[0]?.body).toEqual({ method: null });
  });
});
