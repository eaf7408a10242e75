import type { Notification, NotificationPage } from '@equip/domain/notification-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi, renderWithApp } from '@/test/fake-api';
import { MarkAllReadButton, NotificationList } from './notification-list';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(overrides: Partial<Notification>): Notification {
  return {
    uuid: crypto.randomUUID(),
    kind: 'message',
    severity: 'info',
    params: {},
    title: 'Stored title',
    body: null,
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
    await activateLocale('en', 'Europe/Berlin');
  });

  it('writes each kind from its params, with severity and relative time, newest first', async () => {
    installFakeApi(
      notificationsApi([
        notification({
          kind: 'employees.imported',
          severity: 'positive',
          params: { count: 12, fileName: 'people.csv' },
          title: 'Import finished',
          createdAt: minutesAgo(2),
        }),
        notification({
          kind: 'device.unencrypted',
          severity: 'negative',
          params: { deviceUuid: null, deviceName: 'MacBook of Ada' },
          createdAt: minutesAgo(90),
          readAt: minutesAgo(60),
        }),
        notification({
          title: 'Personio sync finished',
          body: '3 new employees.',
          createdAt: minutesAgo(600),
        }),
      ]),
    );
    render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Success: Import finished (unread)');
    expect(items[0]).toHaveTextContent('12 employees were imported from people.csv.');
    expect(items[0]).toHaveTextContent('2 minutes ago');
    expect(items[1]).toHaveTextContent('Problem: Disk encryption is off');
    expect(items[1]).toHaveTextContent('MacBook of Ada is not encrypted.');
    expect(within(items[1]!).queryByRole('button', { name: /as read/ })).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Personio sync finished');
    expect(items[2]).toHaveTextContent('3 new employees.');
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
        { path: '/dashboard/account/mdm', element: <h1>MDM servers page</h1> },
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
    expect(within(list).getByRole('link')).toHaveAttribute('href', '/dashboard/account/mdm');
  });

  it('marks one read, then all, and says so at once', async () => {
    const first = notification({ title: 'First' });
    const { requests } = installFakeApi(notificationsApi([first, notification({ title: 'Second' })]));
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
      return notificationsApi([notification({ title: 'Back again' })])(request);
    });
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('shows more on request', async () => {
    const items = Array.from({ length: 25 }, (_, i) =>
      notification({ title: `Note ${i + 1}`, createdAt: minutesAgo(i) }),
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
