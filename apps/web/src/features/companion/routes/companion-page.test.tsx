import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

/** A server that has the installers named. */
function serverWith(installers: { macos: boolean; windows: boolean }) {
  return installFakeApi({ 'GET /companion/installers': installers });
}

describe('/companion', () => {
  it('offers the configured installers at the fixed download paths', async () => {
    serverWith({ macos: true, windows: true });
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
    const api = serverWith({ macos: true, windows: false });
    renderRoute('/companion', { user: null });
    expect(await screen.findByRole('link', { name: 'Download for macOS' })).toBeInTheDocument();
    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download for Windows' })).toBeNull();
    // One question for both, and never the download paths themselves (a 404 there is a console error).
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /companion/installers']);
  });
});
