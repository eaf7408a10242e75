import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, localeSettings } from '@/lib/i18n/i18n';
import { apiError, installFakeApi, json } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

const SETTINGS = '/organization/settings';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe('the organisation settings page', () => {
  it("lets an IT owner change the organisation's time zone, and dates follow it at once", async () => {
    const server = installFakeApi({
      [`GET ${SETTINGS}`]: () => json(200, { name: 'Acme GmbH', timeZone: 'Europe/Berlin' }),
      [`PATCH ${SETTINGS}`]: ({ body }) => json(200, { name: 'Acme GmbH', ...(body as object) }),
    });
    const { user, services } = renderRoute('/dashboard/settings/organization');
    const form = await screen.findByRole('form', { name: 'Organisation settings' });
    const zone = await within(form).findByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveValue('Europe/Berlin'));
    await user.selectOptions(zone, 'America/New_York');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation settings saved.')).toBeInTheDocument();
    expect(server.calls(`PATCH ${SETTINGS}`).map((request) => request.body)).toEqual([
      { name: 'Acme GmbH', timeZone: 'America/New_York' },
    ]);
    expect(localeSettings().timeZone).toBe('America/New_York');
    expect(services.queryClient.getQueryData<{ timeZone: string }>(['auth', 'me'])?.timeZone).toBe(
      'America/New_York',
    );
  });

  it('shows what the server refused at the field', async () => {
    installFakeApi({
      [`GET ${SETTINGS}`]: () => json(200, { name: 'Acme GmbH', timeZone: 'Europe/Berlin' }),
      [`PATCH ${SETTINGS}`]: () => apiError(400, 'Unknown time zone', 'ZodValidationError'),
    });
    const { user } = renderRoute('/dashboard/settings/organization');
    const form = await screen.findByRole('form', { name: 'Organisation settings' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(
        /Unknown time zone/,
      ),
    );
  });
});
