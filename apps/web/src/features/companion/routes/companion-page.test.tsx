import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

/** The server answers HEAD for configured installers with 200, else 404. */
function serverWith(available: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (input: RequestInfo | URL) =>
        new Response(null, { status: available.includes(String(input)) ? 200 : 404 }),
    ),
  );
}

describe('/companion', () => {
  it('offers the configured installers at the fixed download paths', async () => {
    serverWith(['/downloads/companion/latest.pkg', '/downloads/companion/latest.exe']);
    renderRoute('/companion', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Equip Companion' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download for macOS' })).toHaveAttribute(
      'href',
      '/downloads/companion/latest.pkg',
    );
    expect(await screen.findByRole('link', { name: 'Download for Windows' })).toHaveAttribute(
      'href',
      '/downloads/companion/latest.exe',
    );
    expect(screen.getByText('Whether the disk is encrypted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enrol your device' })).toHaveAttribute('href', '/start');
  });

  it('says when an installer is not available', async () => {
    serverWith(['/downloads/companion/latest.pkg']);
    renderRoute('/companion', { user: null });
    expect(await screen.findByRole('link', { name: 'Download for macOS' })).toBeInTheDocument();
    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download for Windows' })).toBeNull();
  });
});
