import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json } from '@/test/fake-api';
import { renderRoute } from '@/test/render';

const SETTINGS = '/bundle-api/settings';

afterEach(() => vi.unstubAllGlobals());

describe('the software settings page', () => {
  it('shows who manages new applications and saves another choice', async () => {
    const server = installFakeApi({
      [`GET ${SETTINGS}`]: { defaultManagementMode: 'equip' },
      [`PUT ${SETTINGS}`]: ({ body }) => json(200, body),
    });
    const { user } = renderRoute('/dashboard/settings/software');
    const form = await screen.findByRole('form', { name: 'Software settings' });
    const equip = within(form).getByRole('radio', { name: /Equip manages them/ });
    const owners = within(form).getByRole('radio', { name: /Your IT owners manage them/ });
    expect(equip).toBeChecked();
    // Nothing to save until the choice changes.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(owners);
    expect(owners).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Software settings saved.')).toBeInTheDocument();
    expect(server.calls(`PUT ${SETTINGS}`).map((call) => call.body)).toEqual([
      { defaultManagementMode: 'ITOwners' },
    ]);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says when the settings cannot be loaded or saved', async () => {
    installFakeApi({ [`GET ${SETTINGS}`]: () => apiError(500, 'Internal Server Error', 'InternalError') });
    const first = renderRoute('/dashboard/settings/software');
    expect(await screen.findByText('The software settings could not be loaded')).toBeInTheDocument();
    first.unmount();

    installFakeApi({
      [`GET ${SETTINGS}`]: { defaultManagementMode: 'ITOwners' },
      [`PUT ${SETTINGS}`]: () => apiError(403, 'Forbidden', 'Forbidden'),
    });
    const { user } = renderRoute('/dashboard/settings/software');
    const form = await screen.findByRole('form', { name: 'Software settings' });
    await user.click(within(form).getByRole('radio', { name: /Equip manages them/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Forbidden');
    // The choice stays, to be saved again.
    expect(within(form).getByRole('radio', { name: /Equip manages them/ })).toBeChecked();
  });
});
