import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json, noContent } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

const SESSION = {
  accessToken: 'ees.org.session-secret',
  tokenExpiryTime: Date.now() + 30 * 60_000,
  organizationName: 'Acme GmbH',
  organizationIcon: null,
  userFirstName: 'Ada',
};
const REGISTERED = {
  deviceUuid: '00000000-0000-4000-9000-000000000001',
  deviceName: "Ada's Mac",
  enrollmentState: 'PENDING_ENROLLMENT',
  agentToken: 'eqe.org.one-time-secret',
  agentTokenExpiresAt: '2026-11-24T10:00:00.000Z',
};
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

afterEach(() => vi.unstubAllGlobals());

function asMac() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC);
}

async function toOtp(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('Work email'), 'ada@acme.example{Enter}');
  return screen.findByLabelText('Verification code');
}

describe('/start', () => {
  it('walks Email → OTP → Success → Finish and shows the agent command once', async () => {
    asMac();
    const api = installFakeApi({
      'POST /enrollment/code': () => noContent(),
      'POST /enrollment/verify': SESSION,
      'POST /enrollment/device': () => json(201, REGISTERED),
      // The server has the macOS installer.
      'GET /companion/installers': { macos: true, windows: false },
    });
    const { user } = renderRoute('/start', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrol your device' })).toBeInTheDocument();
    expect(screen.getByText('Email').closest('[aria-current="step"]')).not.toBeNull();

    const code = await toOtp(user);
    expect(screen.getByText(/If ada@acme.example belongs to an Equip account/)).toBeInTheDocument();
    expect(api.calls('POST /enrollment/code')[0]?.body).toEqual({ email: 'ada@acme.example' });
    await user.type(code, '123456{Enter}');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByText(/enrolling this device with Acme GmbH. We detected: a Mac/)).toBeInTheDocument();
    expect(api.calls('POST /enrollment/verify')[0]?.body).toEqual({
      email: 'ada@acme.example',
      code: '123456',
      enrollmentFlow: 'WEB_MAC',
    });
    await user.click(screen.getByRole('button', { name: 'Register this device' }));

    expect(await screen.findByRole('heading', { name: 'Almost done' })).toBeInTheDocument();
    const register = api.calls('POST /enrollment/device')[0]!;
    expect(register.headers.Authorization).toBe('Bearer ees.org.session-secret');
    expect(register.body).toEqual({ enrollmentFlow: 'WEB_MAC' });
    expect(
      screen.getByText(/npx equip-agent enroll --server .* --token eqe\.org\.one-time-secret/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download for macOS (.pkg)' })).toHaveAttribute(
      'href',
      '/downloads/companion/latest.pkg',
    );
    expect(screen.queryByRole('link', { name: /Windows/ })).toBeNull();
  });

  it('validates the email before sending and says when sending fails', async () => {
    installFakeApi({
      'POST /enrollment/code': () => apiError(429, 'Too many attempts. Try again later.', 'TooManyRequests'),
    });
    const { user } = renderRoute('/start', { user: null });
    const email = await screen.findByLabelText('Work email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(email).toHaveAccessibleDescription('Enter your work email');
    await user.type(email, 'not-an-email{Enter}');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await user.clear(email);
    await user.type(email, 'ada@acme.example{Enter}');
    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('says a wrong code at the field, and can send a new one', async () => {
    const api = installFakeApi({
      'POST /enrollment/code': () => noContent(),
      'POST /enrollment/verify': () =>
        json(400, {
          errors: [
            { msg: 'The code is not valid or has expired', param: 'code', errorType: 'InvalidMfaCode' },
          ],
        }),
    });
    const { user } = renderRoute('/start', { user: null });
    const code = await toOtp(user);
    await user.type(code, '12{Enter}');
    expect(code).toHaveAccessibleDescription('The code has 6 digits');
    await user.type(code, '3456{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code isn’t right or has expired/));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/A new code is on its way/)).toBeInTheDocument();
    expect(api.calls('POST /enrollment/code')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Work email')).toBeInTheDocument();
  });

  it('shows "Device not recognised" for an ABM link whose device the organisation did not register', async () => {
    const api = installFakeApi({
      'POST /enrollment/code': () => noContent(),
      'POST /enrollment/verify': SESSION,
      'POST /enrollment/device': () => apiError(404, 'Device not recognised', 'NotFound'),
    });
    const { user } = renderRoute('/start?flow=ABM_MAC', { user: null });
    await user.type(await toOtp(user), '123456{Enter}');
    expect(await screen.findByText(/a Mac registered by your organisation/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register this device' }));
    expect(await screen.findByRole('heading', { name: 'Device not recognised' })).toBeInTheDocument();
    expect(api.calls('POST /enrollment/device')[0]?.body).toEqual({ enrollmentFlow: 'ABM_MAC' });
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Work email')).toBeInTheDocument();
  });

  it('asks to start over when the enrolment session has ended', async () => {
    installFakeApi({
      'POST /enrollment/code': () => noContent(),
      'POST /enrollment/verify': SESSION,
      'POST /enrollment/device': () =>
        apiError(401, 'The enrolment session is invalid or has expired', 'Unauthorized'),
    });
    const { user } = renderRoute('/start', { user: null });
    await user.type(await toOtp(user), '123456{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Register this device' }));
    expect(
      await screen.findByText('Your enrolment session has ended. Start again with your email.'),
    ).toBeInTheDocument();
  });

  it('comes back to its step after a reload, never with the one-time agent token, and starts over once the session expired', async () => {
    asMac();
    installFakeApi({
      'POST /enrollment/code': () => noContent(),
      'POST /enrollment/verify': SESSION,
      'POST /enrollment/device': () => json(201, REGISTERED),
      'GET /companion/installers': { macos: true, windows: false },
    });
    const first = renderRoute('/start', { user: null });
    await first.user.type(await toOtp(first.user), '123456{Enter}');
    await first.user.click(await screen.findByRole('button', { name: 'Register this device' }));
    expect(await screen.findByRole('heading', { name: 'Almost done' })).toBeInTheDocument();
    const kept = sessionStorage.getItem('equip:enrollment')!;
    expect(JSON.parse(kept)).toMatchObject({ step: 'Success', email: 'ada@acme.example' });
    expect(kept).not.toContain(REGISTERED.agentToken);
    first.unmount();

    // The reload: a new app in the same tab comes back to the device step (registering again answers
    // a fresh token for the same device).
    const again = renderRoute('/start', { user: null });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Work email')).toBeNull();
    again.unmount();

    // Expired: back to the email form.
    sessionStorage.setItem(
      'equip:enrollment',
      JSON.stringify({ ...JSON.parse(kept), tokenExpiryTime: Date.now() - 1000 }),
    );
    renderRoute('/start', { user: null });
    expect(await screen.findByLabelText('Work email')).toBeInTheDocument();
  });
});
