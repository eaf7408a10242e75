import { ACCESS_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { apiError, type FakeRoutes, installFakeApi, json } from '@/test/fake-api';
import { decryptTestPassword, testPublicJwk } from '@/test/password-key';
import { renderRoute } from '@/test/render';

const KEY = '/user/shared/auth/unprotected/public-key';
const CHECK = '/setup/check';
const SETUP = '/setup';
const expiresAt = '2030-01-02T09:00:00.000Z';

async function api(routes: FakeRoutes) {
  return installFakeApi({ [`GET ${KEY}`]: await testPublicJwk(), ...routes });
}

afterEach(() => vi.unstubAllGlobals());

describe('setting Equip up with the printed link', () => {
  it('says what to do without a token, with a used or expired one, and when Equip is set up', async () => {
    await api({});
    renderRoute('/setup', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This set-up link is incomplete' }),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();

    await api({ [`POST ${CHECK}`]: () => apiError(400, 'This set-up link is invalid', 'InvalidToken') });
    renderRoute('/setup?token=used', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This set-up link doesn’t work any more' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Restart Equip to print a new one/)).toBeInTheDocument();
  });

  it('sends someone to sign in once Equip is set up, and offers a retry when the link cannot be checked', async () => {
    await api({
      [`POST ${CHECK}`]: () => apiError(409, 'Equip is already set up. Sign in instead.', 'Conflict'),
    });
    renderRoute('/setup?token=late', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Equip is already set up' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    vi.unstubAllGlobals();

    let fail = true;
    await api({
      [`POST ${CHECK}`]: () =>
        fail ? apiError(503, 'Unavailable', 'ServiceUnavailable') : json(200, { expiresAt }),
    });
    const { user } = renderRoute('/setup?token=good', { user: null });
    expect(await screen.findByText('Your set-up link could not be checked')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up Equip' })).toBeInTheDocument();
  });

  it('creates the organisation and its IT owner, the password encrypted, and lands on the setup steps', async () => {
    let attempt = 0;
    const server = await api({
      [`POST ${CHECK}`]: () => json(200, { expiresAt }),
      [`POST ${SETUP}`]: () => {
        attempt += 1;
        if (attempt === 1)
          return json(400, {
            errors: [
              {
                msg: 'Choose a country (an ISO 3166-1 code such as DE)',
                location: 'body',
                param: 'organization.country',
                errorType: 'ZodValidationError',
              },
            ],
          });
        return json(200, {
          accessToken: 'access-1',
          refreshToken: 'refresh-1',
          onboardingStep: 'registerDevices',
        });
      },
    });
    const { user, router } = renderRoute('/setup?token=printed-token', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up Equip' })).toBeInTheDocument();
    const kind = screen.getByRole('group', { name: 'How will you use Equip?' });
    expect(within(kind).getByRole('radio', { name: /For my organisation/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Your organisation' })).toBeInTheDocument();
    const days = screen.getByRole('group', { name: 'Working days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);

    await user.click(screen.getByRole('button', { name: 'Set up Equip' }));
    const name = screen.getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Enter the organisation’s name'));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    expect(server.calls(`POST ${SETUP}`)).toHaveLength(0);

    await user.type(name, 'Nordlicht GmbH');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Berlin');
    await user.type(screen.getByLabelText('First name'), 'Ida');
    await user.type(screen.getByLabelText('Last name'), 'Owner');
    await user.type(screen.getByLabelText('Work email'), 'ida@nordlicht.example');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'a long first password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters \(met\)/);
    await user.type(screen.getByLabelText('Confirm password'), 'a long first passw0rd');
    await user.click(screen.getByRole('button', { name: 'Set up Equip' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
        'The passwords don’t match',
      ),
    );
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a long first password');

    // The server's word at its field.
    await user.click(screen.getByRole('button', { name: 'Set up Equip' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(/Choose a country/),
    );
    await user.click(screen.getByRole('button', { name: 'Set up Equip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/register-devices'));
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('access-1');
    const body = server.calls(`POST ${SETUP}`).at(-1)!.body as {
      person: { encryptedPassword: string };
    };
    expect(body).toMatchObject({
      token: 'printed-token',
      kind: 'organization',
      organization: {
        name: 'Nordlicht GmbH',
        country: 'DE',
        timeZone: 'Europe/Berlin',
        workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      },
      person: { firstName: 'Ida', lastName: 'Owner', email: 'ida@nordlicht.example', locale: 'en' },
    });
    expect(JSON.stringify(body)).not.toContain('a long first password');
    await expect(decryptTestPassword(body.person.encryptedPassword)).resolves.toBe('a long first password');
  });

  it('sets up a provider admin with the first organisation, and says so when the link was used meanwhile', async () => {
    const server = await api({
      [`POST ${CHECK}`]: () => json(200, { expiresAt }),
      [`POST ${SETUP}`]: () => apiError(400, 'This set-up link is invalid', 'InvalidToken'),
    });
    const { user } = renderRoute('/setup?token=printed-token', { user: null });
    await user.click(await screen.findByRole('radio', { name: /For several organisations/ }));
    expect(screen.getByRole('group', { name: 'The first organisation' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your provider admin account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Organisation name'), 'First customer');
    await user.type(screen.getByLabelText('First name'), 'Pia');
    await user.type(screen.getByLabelText('Last name'), 'Provider');
    await user.type(screen.getByLabelText('Work email'), 'pia@provider.example');
    await user.type(screen.getByLabelText('Password'), 'another long password');
    await user.type(screen.getByLabelText('Confirm password'), 'another long password{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This set-up link doesn’t work any more' }),
    ).toBeInTheDocument();
    expect(server.calls(`POST ${SETUP}`)[0]?.body).toMatchObject({ kind: 'provider' });
  });
});
