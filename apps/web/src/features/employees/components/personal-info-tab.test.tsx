import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeEmployee, renderWithApp } from '../test/harness';
import { PersonalInfoTab } from './personal-info-tab';

const employee = makeEmployee({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example' });

function renderTab() {
  return renderWithApp([{ path: '/', element: <PersonalInfoTab employee={employee} /> }], '/');
}

describe('personal information tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates like the API and shows EmailIsUsed from the server at the email field', async () => {
    const api = installFakeApi((request) =>
      request.method === 'PATCH'
        ? {
            status: 409,
            body: {
              errors: [
                { msg: 'grace@acme.example is already used', errorType: 'EmailIsUsed', param: 'email' },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderTab();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('First name'));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-05-01' } });
    await user.click(save);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(save);
    expect(await screen.findByText('Start date must not be after end date')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '' } });
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@acme.example');
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'grace@acme.example is already used',
      ),
    );
    expect(api.requests[0]?.body).toMatchObject({
      firstName: 'Ada',
      email: 'grace@acme.example',
      lastDate: null,
    });
  });

  it('deletes after confirmation', async () => {
    const api = installFakeApi((request) => (request.method === 'DELETE' ? { status: 204 } : undefined));
    const { user } = renderTab();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete Ada Lovelace?' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete employee' }));
    expect(await screen.findByText('Ada Lovelace was deleted')).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /employees/${employee.uuid}`]);
  });
});
