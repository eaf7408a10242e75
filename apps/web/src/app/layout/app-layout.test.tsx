import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { selectIsNotificationPanelOpen } from './dashboard-slice';

describe('app layout', () => {
  it('has the landmarks, a skip link first and the page title', async () => {
    renderRoute('/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.querySelector('a, button')).toBe(skip);
  });

  it('lists the dashboard areas in the sidebar and marks the current one', async () => {
    renderRoute('/dashboard/devices?tab=assets');
    await screen.findByRole('heading', { level: 1, name: 'Devices' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Employees',
      'Devices',
      'Bundles',
      'Orders',
      'Workspaces',
      'Integrations',
      'Audit log',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Employees' })).toHaveAttribute(
      'href',
      '/dashboard/employees',
    );
  });

  it('marks the owning area active on its action pages', async () => {
    renderRoute('/dashboard/action/create-bundle/add-software');
    await screen.findByRole('heading', { level: 1, name: 'Create bundle' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Bundles' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the notification panel through the dashboard slice', async () => {
    installFakeApi((request) =>
      request.path === '/notifications' ? { body: { items: [], total: 0, unreadCount: 0 } } : undefined,
    );
    const { user, services } = renderRoute('/dashboard/overview');
    const toggle = await screen.findByRole('button', { name: 'Notifications' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(selectIsNotificationPanelOpen(services.store.getState())).toBe(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Notifications' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    // The list's code loads when the panel first opens (or the bell is pointed at).
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    expect(selectIsNotificationPanelOpen(services.store.getState())).toBe(false);
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('complementary', { name: 'Notifications' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close notifications' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('shows the unread count on the bell, in its name too', async () => {
    installFakeApi((request) =>
      request.path === '/notifications' ? { body: { items: [], total: 3, unreadCount: 3 } } : undefined,
    );
    renderRoute('/dashboard/overview');
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('links the support request to the help desk in a new tab', async () => {
    renderRoute('/dashboard/overview', { boot: { helpDeskUrl: 'https://help.example.com/requests/new' } });
    const support = await screen.findByRole('link', { name: /request support/i });
    expect(support).toHaveAttribute('href', 'https://help.example.com/requests/new');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support.getAttribute('rel')).toContain('noopener');
  });

  it('renders light whatever the preference', async () => {
    const { container } = renderRoute('/dashboard/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(container.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'light');
  });
});
