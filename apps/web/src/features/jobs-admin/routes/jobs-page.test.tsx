import type { FailedJob, JobQueue } from '@equip/domain/jobs-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const admin = testUser({ role: 'equip-admin' });
const counts = { created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 };
const queues: JobQueue[] = [
  { name: 'mail.send', deadLetterOf: null, counts: { ...counts, completed: 1200, failed: 1, retry: 2 } },
  { name: 'mail.send.dead', deadLetterOf: 'mail.send', counts: { ...counts, created: 1 } },
  { name: 'reminders.plan', deadLetterOf: null, counts: { ...counts, completed: 3 } },
];
const failedMail: FailedJob = {
  id: '0b7d1c2e-5f1a-5a3b-9c4d-1e2f3a4b5c6d',
  queue: 'mail.send',
  deadLetter: false,
  error: 'connect ECONNREFUSED 127.0.0.1:2525',
  attempts: 13,
  maxAttempts: 13,
  createdAt: '2024-06-01T08:00:00.000Z',
  startedAt: '2024-06-01T14:00:00.000Z',
  failedAt: '2024-06-01T14:00:01.000Z',
};
const deadLetter: FailedJob = {
  ...failedMail,
  id: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  deadLetter: true,
  error: 'Unexpected token',
  attempts: 9,
  maxAttempts: 9,
  startedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

const queuePage = { items: queues, total: queues.length };
const lastQuery = (api: ReturnType<typeof installFakeApi>, key: string) =>
  Object.fromEntries(new URL(api.calls(key).at(-1)!.url, 'http://localhost').searchParams);

describe('background jobs page', () => {
  it('shows each queue with its jobs per state, sorted and filtered by the server', async () => {
    const api = installFakeApi({ 'GET /admin/jobs/queues': queuePage });
    const { user, router } = renderRoute('/dashboard/settings/jobs', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Queues and their jobs per state' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Queue', 'Waiting', 'Retrying', 'Running', 'Completed', 'Cancelled', 'Failed']);
    const mailRow = (await within(table).findByText('mail.send')).closest('tr')!;
    expect(
      within(mailRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['mail.send', '0', '2', '0', '1,200', '0', '1']);
    expect(within(table).getByText('Dead letters of mail.send')).toBeInTheDocument();
    expect(lastQuery(api, 'GET /admin/jobs/queues')).toEqual({ skip: '0', take: '25' });

    await user.click(within(table).getByRole('button', { name: /failed/i }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /admin/jobs/queues')).toMatchObject({
        sortingKey: 'failed',
        sortingDirection: 'asc',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Only queues with failed jobs' }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /admin/jobs/queues')).toMatchObject({ withFailures: 'true' }),
    );
    expect(router.state.location.search).toBe('?withFailures=true&sort=failed.asc');
  });

  it('lists the failed jobs with their error on their own tab, the queues to filter by', async () => {
    installFakeApi({
      'GET /admin/jobs/queues': queuePage,
      'GET /admin/jobs/failed': { items: [failedMail, deadLetter], total: 2 },
    });
    const { user, router } = renderRoute('/dashboard/settings/jobs', { user: admin });
    const tabs = await screen.findByRole('navigation', { name: 'Background jobs sections' });
    await user.click(within(tabs).getByRole('link', { name: 'Failed jobs' }));
    expect(router.state.location.search).toBe('?view=failed');
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    await within(failed).findByText('connect ECONNREFUSED 127.0.0.1:2525');
    const [, first, second] = within(failed).getAllByRole('row');
    expect(first).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:2525');
    expect(first).toHaveTextContent('13 of 13');
    expect(first).toHaveTextContent(/Queued Jun 1, 2024/);
    expect(second).toHaveTextContent('Dead letter');
    expect(screen.getByText('2 failed after their last try')).toBeInTheDocument();
    // Only ordinary queues to filter by.
    const filter = screen.getByRole('combobox', { name: 'Queue' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All queues', 'mail.send', 'reminders.plan']),
    );
  });

  it('retries a failed job and reloads the list; a job retried by someone else says so', async () => {
    let retried = false;
    const api = installFakeApi({
      'GET /admin/jobs/queues': queuePage,
      'GET /admin/jobs/failed': () =>
        json(
          200,
          retried ? { items: [deadLetter], total: 1 } : { items: [failedMail, deadLetter], total: 2 },
        ),
      [`POST /admin/jobs/${failedMail.id}/retry`]: () => {
        retried = true;
        return json(200, { id: failedMail.id, queue: 'mail.send', state: 'retry' });
      },
      [`POST /admin/jobs/${deadLetter.id}/retry`]: () =>
        apiError(409, 'This dead letter was already handled (cancelled)', 'Conflict'),
    });
    const { user } = renderRoute('/dashboard/jobs?view=failed', { user: admin });
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    await user.click(
      await within(failed).findByRole('button', { name: `Retry job ${failedMail.id} of mail.send` }),
    );
    expect(await screen.findByText('The mail.send job will run again.')).toBeInTheDocument();
    await waitFor(() => expect(within(failed).getAllByRole('row')).toHaveLength(2));
    expect(api.calls(`POST /admin/jobs/${failedMail.id}/retry`)).toHaveLength(1);

    await user.click(within(failed).getByRole('button', { name: `Retry job ${deadLetter.id} of mail.send` }));
    expect(await screen.findByText(/This dead letter was already handled/)).toBeInTheDocument();
  });

  it('filters by queue, sorts and pages through the address', async () => {
    const api = installFakeApi({
      'GET /admin/jobs/queues': queuePage,
      'GET /admin/jobs/failed': { items: [failedMail], total: 60 },
    });
    const { user, router } = renderRoute('/dashboard/jobs?view=failed&queue=mail.send&page=2', {
      user: admin,
    });
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    await within(table).findByText('connect ECONNREFUSED 127.0.0.1:2525');
    const [first] = api.calls('GET /admin/jobs/failed');
    expect(Object.fromEntries(new URL(first!.url, 'http://localhost').searchParams)).toEqual({
      queue: 'mail.send',
      skip: '25',
      take: '25',
    });
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('mail.send');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=failed&queue=mail.send&page=3'));
    expect(api.calls('GET /admin/jobs/failed').some((call) => call.url.includes('skip=50'))).toBe(true);
    await user.click(within(table).getByRole('button', { name: /tries/i }));
    // Each change starts over at the first page (the next one is fetched ahead).
    const asked = (check: (query: URLSearchParams) => boolean) =>
      api
        .calls('GET /admin/jobs/failed')
        .some((call) => check(new URL(call.url, 'http://localhost').searchParams));
    await waitFor(() =>
      expect(asked((q) => q.get('sortingKey') === 'attempts' && q.get('skip') === '0')).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Queue' }), 'All queues');
    await waitFor(() => expect(asked((q) => !q.has('queue') && q.get('skip') === '0')).toBe(true));
    expect(router.state.location.search).toBe('?view=failed&sort=attempts.asc');
  });

  it('shows empty and error states', async () => {
    installFakeApi({
      'GET /admin/jobs/queues': () => apiError(500, 'boom'),
      'GET /admin/jobs/failed': { items: [], total: 0 },
    });
    const first = renderRoute('/dashboard/settings/jobs', { user: admin });
    expect(
      await screen.findByText('The queues could not be loaded', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    first.unmount();
    renderRoute('/dashboard/jobs?view=failed', { user: admin });
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });

  it('is for provider admins only', async () => {
    renderRoute('/dashboard/settings/jobs', { user: testUser({ role: 'it-owner' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
  });
});
