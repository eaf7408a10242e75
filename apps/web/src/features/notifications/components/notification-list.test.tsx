import type { Notification, NotificationPage } from '@equip/domain/notification-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { MarkAllReadButton, NotificationList } from './notification-list';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const DEVICE = '3f1c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6';

/** The words of a notification from before notifications were data (migration 0034). */
const words = (title: string, body: string | null = null): Partial<Notification> => ({
  kind: 'message',
  severity: 'info',
  params: { title, body },
});

function notification(overrides: Partial<Notification>): Notification {
  return {
    uuid: crypto.randomUUID(),
    kind: 'employees.imported',
    severity: 'positive',
    params: { count: 1, fileName: null },
    readAt: null,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

/** A fake notifications API over a list the test can change between polls. */
function notificationsApi(items: Notification[]) {
  return (request: FakeRequest) => {
    const unreadCount = items.filter((n) => n.readAt === null).length;
    if (request.method === 'GET' && request.path === '/notifications') {
      const take = Number(request.query.get('take') ?? 20);
      const page: NotificationPage = { items: items.slice(0, take), total: items.length, unreadCount };
      return { body: page };
    }
    if (request.method === 'POST' && request.path === '/notifications/read-all') {
      for (const item of items) item.readAt ??= new Date().toISOString();
      return { body: { marked: unreadCount } };
    }
    const read = /^\/notifications\/([^/]+)\/read$/.exec(request.path);
    if (request.method === 'POST' && read) {
      const item = items.find((n) => n.uuid === read[1]);
      if (!item) return { status: 404, body: { errors: [{ msg: 'Notification not found' }] } };
      item.readAt ??= new Date().toISOString();
      return { status: 204 };
    }
    return undefined;
  };
}

const panel = (
  <>
    <MarkAllReadButton />
    <NotificationList />
  </>
);
const render = () => renderWithApp([{ path: '/', element: panel }], '/');

describe('NotificationList', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await activateLocale('en', 'Europe/Berlin');
  });

  it('writes each kind from its params, with severity and relative time, newest first, each linked to its record', async () => {
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'employees.imported',
          severity: 'positive',
          params: { count: 12, fileName: 'people.csv' },
          createdAt: minutesAgo(2),
        }),
        notification({
          kind: 'device.unencrypted',
          severity: 'negative',
          params: { deviceUuid: DEVICE, deviceName: 'MacBook of Ada' },
          createdAt: minutesAgo(90),
          readAt: minutesAgo(60),
        }),
        notification({
          kind: 'device.action_failed',
          severity: 'negative',
          params: { deviceUuid: null, deviceName: 'iPhone', action: 'lock', error: null },
          createdAt: minutesAgo(120),
        }),
        notification({ ...words('Personio sync finished', '3 new employees.'), createdAt: minutesAgo(600) }),
      ]),
    );
    render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Success: Import finished (unread)');
    expect(items[0]).toHaveTextContent('12 employees were imported from people.csv.');
    expect(items[0]).toHaveTextContent('2 minutes ago');
    expect(within(items[0]!).getByRole('link', { name: 'Open employees' })).toHaveAttribute(
      'href',
      '/dashboard/employees',
    );
    expect(items[1]).toHaveTextContent('Problem: Disk encryption is off');
    expect(items[1]).toHaveTextContent('MacBook of Ada is not encrypted.');
    expect(within(items[1]!).getByRole('link', { name: 'Open MacBook of Ada' })).toHaveAttribute(
      'href',
      `/dashboard/devices/${DEVICE}`,
    );
    expect(within(items[1]!).queryByRole('button', { name: /as read/ })).not.toBeInTheDocument();
    // A device the event no longer names leads to the devices list.
    expect(items[2]).toHaveTextContent('The command sent to iPhone did not complete.');
    expect(within(items[2]!).getByRole('link', { name: 'Open devices' })).toHaveAttribute(
      'href',
      '/dashboard/devices',
    );
    // The words of an older notification, as written: there is no record to lead to.
    expect(items[3]).toHaveTextContent('Personio sync finished');
    expect(items[3]).toHaveTextContent('3 new employees.');
    expect(within(items[3]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows an older one with its date and time in the reader's format, in English and German", async () => {
    const old = notification({
      kind: 'device.lost',
      severity: 'negative',
      params: { deviceUuid: DEVICE, deviceName: 'Pixel 8' },
      createdAt: '2025-11-23T13:05:00Z',
    });
    // A British reader: English dates as en-GB, whatever the test runner's browser says.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    await activateLocale('en', 'Europe/Berlin');
    installFakeApi(notificationsApi([old]));
    const first = render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(list).toHaveTextContent('Problem: Device reported lost');
    expect(list).toHaveTextContent('Pixel 8 was reported lost.');
    expect(within(list).getByText('23 Nov 2025, 14:05')).toHaveAttribute('datetime', '2025-11-23T13:05:00Z');
    first.unmount();

    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(notificationsApi([old]));
    render();
    const german = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    expect(german).toHaveTextContent('Problem: Gerät als verloren gemeldet');
    expect(german).toHaveTextContent('Pixel 8 wurde als verloren gemeldet.');
    expect(within(german).getByText('23.11.2025, 14:05')).toBeInTheDocument();
    expect(within(german).getByRole('link', { name: 'Pixel 8 öffnen' })).toHaveAttribute(
      'href',
      `/dashboard/devices/${DEVICE}`,
    );
  });

  it('follows a notification to its record from the keyboard, and the panel closes', async () => {
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'device.unprotected',
          severity: 'negative',
          params: { deviceUuid: DEVICE, deviceName: 'ThinkPad of Kim' },
        }),
      ]),
    );
    const onNavigate = vi.fn();
    const { user } = renderWithApp(
      [
        { path: '/', element: <NotificationList onNavigate={onNavigate} /> },
        { path: '/dashboard/devices/:uuid', element: <h1>Device page</h1> },
      ],
      '/',
    );
    const link = await screen.findByRole('link', { name: 'Open ThinkPad of Kim' });
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Device page' })).toBeInTheDocument();
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('writes them in German for a German reader', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'employees.imported',
          severity: 'positive',
          params: { count: 1, fileName: null },
        }),
      ]),
    );
    render();
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    expect(list).toHaveTextContent('Import abgeschlossen');
    expect(list).toHaveTextContent('1 Mitarbeiter:in wurde importiert.');
    expect(list).toHaveTextContent('vor 5 Minuten');
  });

  it('tells about an MDM server connection that fails or works again, with a link to the MDM servers', async () => {
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'mdm.connection_failed',
          severity: 'negative',
          params: { provider: 'FLEET', error: 'The MDM server refused the API token' },
        }),
        notification({
          kind: 'mdm.connection_restored',
          severity: 'positive',
          params: { provider: 'FLEET' },
        }),
      ]),
    );
    const onNavigate = vi.fn();
    const { user } = renderWithApp(
      [
        { path: '/', element: <NotificationList onNavigate={onNavigate} /> },
        { path: '/dashboard/settings/mdm-servers', element: <h1>MDM servers page</h1> },
      ],
      '/',
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [failed, restored] = within(list).getAllByRole('listitem');
    expect(failed).toHaveTextContent('Problem: The Fleet connection is failing');
    expect(failed).toHaveTextContent(
      'Equip could not use your Fleet server: The MDM server refused the API token. Device actions through it fail until it works again.',
    );
    expect(restored).toHaveTextContent('Success: The Fleet connection works again');
    await user.click(within(failed!).getByRole('link', { name: 'Open MDM servers' }));
    expect(await screen.findByRole('heading', { name: 'MDM servers page' })).toBeInTheDocument();
    // The panel that holds the list closes: on a phone it would cover the page.
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('writes the MDM connection notifications in German, the reason too', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'mdm.connection_failed',
          severity: 'negative',
          params: { provider: 'FLEET', error: 'Equip could not reach the MDM server' },
        }),
      ]),
    );
    render();
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    expect(list).toHaveTextContent('Problem: Die Verbindung zu Fleet ist gestört');
    expect(list).toHaveTextContent(
      'Equip konnte Ihren Fleet-Server nicht nutzen: Equip konnte den MDM-Server nicht erreichen. Geräteaktionen darüber schlagen fehl, bis er wieder funktioniert.',
    );
    expect(within(list).getByRole('link')).toHaveAttribute('href', '/dashboard/settings/mdm-servers');
  });

  it('marks one read, then all, and says so at once', async () => {
    const first = notification(words('First'));
    const { requests } = installFakeApi(notificationsApi([first, notification(words('Second'))]));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Mark “First” as read' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === `/notifications/${first.uuid}/read`),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark “First” as read' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Mark “Second” as read/ })).not.toBeInTheDocument(),
    );
    expect(requests.some((r) => r.method === 'POST' && r.path === '/notifications/read-all')).toBe(true);
    // Nothing unread: no "Mark all as read".
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument(),
    );
  });

  it('says when there are none', async () => {
    installFakeApi(notificationsApi([]));
    render();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says when they cannot be loaded, and tries again', async () => {
    let fail = true;
    installFakeApi((request) => {
      if (fail) return { status: 500, body: { errors: [{ msg: 'Internal error' }] } };
      return notificationsApi([notification(words('Back again'))])(request);
    });
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('shows more on request', async () => {
    const items = Array.from({ length: 25 }, (_, i) =>
      notification({ ...words(`Note ${i + 1}`), createdAt: minutesAgo(i) }),
    );
    installFakeApi(notificationsApi(items));
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
