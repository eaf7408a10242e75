import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

const SSO = '/organization/sso';

afterEach(() => vi.unstubAllGlobals());

describe('the single sign-on page', () => {
  it('sets up OpenID Connect: provider, issuer, client id and secret', async () => {
    const server = installFakeApi({
      [`GET ${SSO}`]: { provider: null, issuer: null, clientId: null, hasClientSecret: false },
      [`PUT ${SSO}`]: ({ body }) => {
        const { clientSecret: _secret, ...rest } = body as Record<string, string>;
        return json(200, { ...rest, hasClientSecret: true });
      },
    });
    const { user } = renderRoute('/dashboard/settings/single-sign-on');
    const form = await screen.findByRole('form', { name: 'Single sign-on settings' });
    expect(screen.getByText('Not set up')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Issuer')).toHaveAccessibleDescription(/https:\/\/ address/);
    expect(within(form).getByLabelText('Client secret')).toHaveAccessibleDescription(
      /Enter the client secret/,
    );
    expect(server.calls(`PUT ${SSO}`)).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Identity provider'), 'microsoft');
    await user.type(within(form).getByLabelText('Issuer'), 'https://login.microsoftonline.com/acme/v2.0');
    await user.type(within(form).getByLabelText('Client ID'), 'equip-app');
    await user.type(within(form).getByLabelText('Client secret'), 's3cret');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Single sign-on settings saved.')).toBeInTheDocument();
    expect(server.calls(`PUT ${SSO}`).map((call) => call.body)).toEqual([
      {
        provider: 'microsoft',
        issuer: 'https://login.microsoftonline.com/acme/v2.0',
        clientId: 'equip-app',
        clientSecret: 's3cret',
      },
    ]);
    expect(await screen.findByText('In use')).toBeInTheDocument();
    expect(within(form).getByLabelText('Client secret')).toHaveValue('');
  });

  it('keeps the stored secret when left empty, and shows what the server refused at its field', async () => {
    const server = installFakeApi({
      [`GET ${SSO}`]: {
        provider: 'google',
        issuer: 'https://accounts.google.com',
        clientId: 'equip',
        hasClientSecret: true,
      },
      [`PUT ${SSO}`]: () =>
        apiError(400, 'The issuer must resolve to a public address', 'ZodValidationError'),
    });
    const { user } = renderRoute('/dashboard/settings/single-sign-on');
    const form = await screen.findByRole('form', { name: 'Single sign-on settings' });
    expect(within(form).getByLabelText('Issuer')).toHaveValue('https://accounts.google.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls(`PUT ${SSO}`).map((call) => call.body)).toEqual([
        { provider: 'google', issuer: 'https://accounts.google.com', clientId: 'equip' },
      ]),
    );
    expect(await screen.findByText(/The issuer must resolve to a public address/)).toBeInTheDocument();
  });
});
