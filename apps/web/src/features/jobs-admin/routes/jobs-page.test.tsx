import type { FailedJob, JobQueue } from '@equip/domain/jobs-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { apiError, json, mockApi } from '@/test/mock-api';
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

describe('background jobs page', () => {
  it('shows each queue with its jobs per state and the failed jobs with their error', async () => {
    mockApi({
      'GET /api/admin/jobs/queues': { items: queues },
      'GET /api/admin/jobs/failed': { items: [failedMail, deadLetter], total: 2 },
    });
    renderRoute('/dashboard/jobs', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Queues and their jobs per state' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Queue', 'Waiting', 'Retrying', 'Running', 'Completed', 'Cancelled', 'Failed']);
    const mailRow = (await within(table).findByRole('rowheader', { name: 'mail.send' })).closest('tr')!;
    expect(
      within(mailRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '2', '0', '1,200', '0', '1']);
    expect(within(table).getByText('Dead letters of mail.send')).toBeInTheDocument();

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
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All queues', 'mail.send', 'reminders.plan']);
  });

  it('retries a failed job and reloads the list; a job retried by someone else says so', async () => {
    let retried = false;
    const api = mockApi({
      'GET /api/admin/jobs/queues': { items: queues },
      'GET /api/admin/jobs/failed': () =>
        json(
          200,
          retried ? { items: [deadLetter], total: 1 } : { items: [failedMail, deadLetter], total: 2 },
        ),
      [`POST /api/admin/jobs/${failedMail.id}/retry`]: () => {
        retried = true;
        return json(200, { id: failedMail.id, queue: 'mail.send', state: 'retry' });
      },
      [`POST /api/admin/jobs/${deadLetter.id}/retry`]: () =>
        apiError(409, 'This dead letter was already handled (cancelled)', 'Conflict'),
    });
    const { user } = renderRoute('/dashboard/jobs', { user: admin });
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    await user.click(
      await within(failed).findByRole('button', { name: `Retry job ${failedMail.id} of mail.send` }),
    );
    expect(await screen.findByText('The mail.send job will run again.')).toBeInTheDocument();
    await waitFor(() => expect(within(failed).getAllByRole('row')).toHaveLength(2));
    expect(api.calls(`POST /api/admin/jobs/${failedMail.id}/retry`)).toHaveLength(1);

    await user.click(within(failed).getByRole('button', { name: `Retry job ${deadLetter.id} of mail.send` }));
    expect(await screen.findByText(/This dead letter was already handled/)).toBeInTheDocument();
  });

  it('filters by queue and pages through the address', async () => {
    const api = mockApi({
      'GET /api/admin/jobs/queues': { items: queues },
      'GET /api/admin/jobs/failed': { items: [failedMail], total: 60 },
    });
    const { user } = renderRoute('/dashboard/jobs?queue=mail.send&page=2', { user: admin });
    await screen.findByRole('table', { name: 'Failed jobs' });
    const first = new URL(api.calls('GET /api/admin/jobs/failed')[0]!.url, 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({ queue: 'mail.send', skip: '25', take: '25' });
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('mail.send');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(api.calls('GET /api/admin/jobs/failed').some((call) => call.url.includes('skip=50'))).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Queue' }), 'All queues');
    await waitFor(() => expect(api.calls('GET /api/admin/jobs/failed').at(-1)!.url).not.toContain('queue='));
    expect(api.calls('GET /api/admin/jobs/failed').at(-1)!.url).toContain('skip=0');
  });

  it('shows empty and error states', async () => {
    mockApi({
      'GET /api/admin/jobs/queues': () => apiError(500, 'boom'),
      'GET /api/admin/jobs/failed': { items: [], total: 0 },
    });
    renderRoute('/dashboard/jobs', { user: admin });
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(
      await screen.findByText('The queues could not be loaded', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('is for provider admins only', async () => {
    renderRoute('/dashboard/jobs', { user: testUser({ role: 'it-owner' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument();
  });
});
