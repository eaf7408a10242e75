import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, localeSettings } from '@/lib/i18n/i18n';
import { renderRoute } from '@/test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await activateLocale('en', 'Europe/Berlin');
});

describe('login in German', () => {
  it('reads German after activateLocale("de"), validation messages included', async () => {
    await activateLocale('de');
    const { user } = renderRoute('/auth/login', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bei Equip anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit SSO anmelden' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription('Geben Sie Ihre E-Mail-Adresse ein');
    // The spec's English "Password is required" reads German here.
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription('Passwort ist erforderlich');
  });

  it('switches language with the select before sign-in and remembers the choice', async () => {
    const { user } = renderRoute('/auth/login', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Equip' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Language' });
    // Each language is named in itself.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Italiano', 'Español']);

    await user.selectOptions(select, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bei Equip anmelden' })).toBeInTheDocument();
    expect(localStorage.getItem('equip.locale')).toBe('de');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

    // A language without its own catalog yet reads English, with its own formats.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Equip' })).toBeInTheDocument();
    expect(localeSettings().formatLocale).toBe('fr-FR');
  });
});
