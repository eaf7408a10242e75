import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddEmployeesManualPage } from '../routes/add-employees-manual-page';
import { type FakeRequest, installFakeApi, makeEmployee, renderWithApp } from '../test/harness';

function renderForm() {
  return renderWithApp(
    [
      { path: '/dashboard/action/add-employees-manual', element: <AddEmployeesManualPage /> },
      { path: '/dashboard/employees', element: <p>employees table</p> },
    ],
    '/dashboard/action/add-employees-manual',
  );
}

const field = (label: string, person: number) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?, person ${person}$`));

describe('add employees manually', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates each row as it is filled in, with the domain rules, and flags shared emails', async () => {
    const api = installFakeApi(() => undefined);
    const { user } = renderForm();
    await user.type(field('First name', 1), 'Jane');
    await user.type(field('Email', 1), 'jane@');
    await user.tab();
    expect(field('Email', 1)).toHaveAccessibleDescription('Invalid email address');
    await user.type(field('Email', 1), 'acme.example');
    expect(field('Email', 1)).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Add another person' }));
    await user.type(field('Email', 2), 'JANE@acme.example');
    expect(field('Email', 1)).toHaveAccessibleDescription('This email is also used for another person');
    expect(field('Email', 2)).toHaveAccessibleDescription('This email is also used for another person');

    fireEvent.change(field('Start date', 2), { target: { value: '2026-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Add 2 employees' }));
    expect(field('Last name', 1)).toHaveAccessibleDescription('Required');
    expect(field('First name', 2)).toHaveAccessibleDescription('Required');
    expect(screen.getByText(/2 people need attention/)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('creates everyone in one request and maps EmailIsUsed to the right row', async () => {
    let attempt = 0;
    const api = installFakeApi((request: FakeRequest) => {
      if (request.path !== '/employees/bulk') return undefined;
      attempt += 1;
      if (attempt === 1) {
        return {
          status: 409,
          body: {
            errors: [
              {
                msg: 'bob@acme.example is already in use',
                errorType: 'EmailIsUsed',
                param: 'employees.1.email',
              },
            ],
          },
        };
      }
      return { status: 201, body: { items: [makeEmployee(), makeEmployee()] } };
    });
    const { user, router } = renderForm();
    await user.type(field('First name', 1), 'Ann');
    await user.type(field('Last name', 1), 'Lee');
    await user.type(field('Email', 1), 'ann@acme.example');
    await user.click(screen.getByRole('button', { name: 'Add another person' }));
    await user.click(screen.getByRole('button', { name: 'Add another person' }));
    await user.type(field('First name', 3), 'Bob');
    await user.type(field('Last name', 3), 'Stone');
    await user.type(field('Email', 3), 'bob@acme.example');
    await user.type(field('Department', 3), 'Sales');

    await user.click(screen.getByRole('button', { name: 'Add 2 employees' }));
    // The empty second person is skipped; the server's index 1 is the third person.
    await waitFor(() =>
      expect(field('Email', 3)).toHaveAccessibleDescription('This email is already in use'),
    );
    expect(api.requests[0]?.body).toEqual({
      employees: [
        {
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@acme.example',
          phone: null,
          startDate: null,
          lastDate: null,
          department: null,
          position: null,
        },
        {
          firstName: 'Bob',
          lastName: 'Stone',
          email: 'bob@acme.example',
          phone: null,
          startDate: null,
          lastDate: null,
          department: 'Sales',
          position: null,
        },
      ],
    });

    await user.clear(field('Email', 3));
    await user.type(field('Email', 3), 'bobby@acme.example');
    expect(field('Email', 3)).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add 2 employees' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/employees'));
    expect(await screen.findByText('2 employees added')).toBeInTheDocument();
  });
});
