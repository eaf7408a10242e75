import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const admin = testUser({ role: 'equip-admin' });

const items = [
  {
    uuid: '1',
    kind: 'mail',
    to: 'old@acme.example',
    subject: 'Welcome to Equip',
    text: 'Set your password: https://equip.example/auth/set-password?invitationToken=abc.',
    createdAt: '2024-06-01T08:00:00.000Z',
    sentAt: null,
  },
  {
    uuid: '2',
    kind: 'sms',
    to: '+4915112345678',
    subject: null,
    text: 'Your Equip sign-in code is 123456.',
    createdAt: '2024-06-03T08:00:00.000Z',
    sentAt: '2024-06-03T08:00:01.000Z',
  },
  {
    uuid: '3',
    kind: 'mail',
    to: 'ada@acme.example',
    subject: 'Reset your password',
    text: 'Choose a new password',
    createdAt: '2024-06-02T08:00:00.000Z',
    sentAt: null,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('sent mail', () => {
  it('lists mail and SMS newest first and opens one to read', async () => {
    installFakeApi({ 'GET /admin/outbox': { items } });
    const { user } = renderRoute('/dashboard/settings/mail', { user: admin });
    const list = await screen.findByRole('navigation', { name: 'Messages' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringContaining('Text message'),
      expect.stringContaining('Reset your password'),
      expect.stringContaining('Welcome to Equip'),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Text message' })).toBeInTheDocument();

    await user.click(buttons[2]!);
    const heading = screen.getByRole('heading', { level: 2, name: 'Welcome to Equip' });
    expect(heading).toHaveFocus();
    expect(buttons[2]).toHaveAttribute('aria-current', 'true');
    const article = heading.closest('article')!;
    expect(within(article).getByText('old@acme.example')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: /set-password\?invitationToken=abc$/ })).toHaveAttribute(
      'href',
      'https://equip.example/auth/set-password?invitationToken=abc',
    );
  });

  it('shows the metadata and says why the text is withheld outside demo mode', async () => {
    installFakeApi({
      'GET /admin/outbox': {
        items: [
          {
            uuid: '4',
            kind: 'mail',
            to: 'ada@acme.example',
            subject: 'Your Equip sign-in code is ••••••',
            text: null,
            createdAt: '2024-06-04T08:00:00.000Z',
            sentAt: '2024-06-04T08:00:02.000Z',
          },
          {
            uuid: '5',
            kind: 'sms',
            to: '+4915112345678',
            subject: null,
            text: null,
            createdAt: '2024-06-03T08:00:00.000Z',
            sentAt: null,
          },
        ],
      },
    });
    const { user } = renderRoute('/dashboard/settings/mail', { user: admin });
    const list = await screen.findByRole('navigation', { name: 'Messages' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons[0]).toHaveTextContent('Text withheld');
    const heading = screen.getByRole('heading', { level: 2, name: 'Your Equip sign-in code is ••••••' });
    const article = heading.closest('article')!;
    expect(within(article).getByText('ada@acme.example')).toBeInTheDocument();
    expect(within(article).getByText('Delivered')).toBeInTheDocument();
    expect(within(article).getByText('Message text withheld')).toBeInTheDocument();
    expect(within(article).getByText(/only in demo mode|outside demo mode/)).toBeInTheDocument();
    expect(within(article).getByText(/delivered to ada@acme\.example/)).toBeInTheDocument();
    expect(within(article).queryByRole('link')).not.toBeInTheDocument();

    await user.click(buttons[1]!);
    const sms = screen.getByRole('heading', { level: 2, name: 'Text message' }).closest('article')!;
    expect(within(sms).getByText('Held (not sent)')).toBeInTheDocument();
    expect(within(sms).getByText(/has not been sent/)).toBeInTheDocument();
  });

  it('explains when the server has no outbox', async () => {
    installFakeApi({});
    renderRoute('/dashboard/settings/mail', { user: admin });
    expect(await screen.findByRole('heading', { name: 'The outbox is not available' })).toBeInTheDocument();
  });
});
