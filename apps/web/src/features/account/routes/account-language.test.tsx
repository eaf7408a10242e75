import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, localeSettings } from '@/lib/i18n/i18n';
import { apiError, installFakeApi, noContent } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const LOCALE = '/user/shared/auth/me/locale';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe('account language', () => {
  it('stores the language on the user and switches the UI at once, then back to the browser default', async () => {
    const server = installFakeApi({ [`PUT ${LOCALE}`]: () => noContent() });
    const { user, services } = renderRoute('/dashboard/account');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('browser');

    await user.selectOptions(select, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Übersicht' })).toBeInTheDocument();
    expect(server.calls(`PUT ${LOCALE}`).map((request) => request.body)).toEqual([{ locale: 'de' }]);
    expect(localeSettings()).toMatchObject({
      locale: 'de',
      formatLocale: 'de-DE',
      timeZone: 'Europe/Berlin',
    });
    expect(services.queryClient.getQueryData<{ locale: string | null }>(['auth', 'me'])?.locale).toBe('de');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'browser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(server.calls(`PUT ${LOCALE}`).at(-1)?.body).toEqual({ locale: null });
  });

  it('applies the language stored on the user when the dashboard opens', async () => {
    renderRoute('/dashboard/account', { user: testUser({ locale: 'de', timeZone: 'America/New_York' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(localeSettings().timeZone).toBe('America/New_York');
  });

  it('says when the language could not be saved, and stays as it was', async () => {
    installFakeApi({ [`PUT ${LOCALE}`]: () => apiError(500, 'boom', 'InternalError') });
    const { user } = renderRoute('/dashboard/account');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Language' })).toHaveAccessibleDescription(
        /The language could not be saved\./,
      ),
    );
    expect(localeSettings().locale).toBe('en');
  });
});
