import type { PersonApplication, PersonApplications } from '@equip/domain/bundle-installs';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { PersonApplications as PersonApplicationsList } from './person-applications';

const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;
const person = uuid(1, 8);
const mac = uuid(1, 7);

const item = (n: number, name: string, over: Partial<PersonApplication>): PersonApplication => ({
  application: { uuid: uuid(n, 1), name, platforms: ['macos'] },
  management: 'MANAGED_INSTALLS',
  status: 'pending',
  reason: null,
  deviceUuid: mac,
  ...over,
});

describe("a person's applications from their bundle (issue 29, item 5)", () => {
  beforeEach(() => localStorage.clear());

  it('shows each status with its reason, and a failed install retried on its device turns pending', async () => {
    let retried = false;
    const answer = (): PersonApplications => ({
      bundle: { uuid: uuid(1), name: 'Sales' },
      items: [
        item(1, 'Slack', { status: 'installed' }),
        item(2, 'Visual Studio Code', {
          status: retried ? 'pending' : 'failed',
          reason: retried ? null : 'Jamf Pro could not install Visual Studio Code',
        }),
        item(3, 'Notion', { status: 'offered', management: 'SELF_SERVICE', deviceUuid: null }),
        item(4, 'Gmail', {
          status: 'skipped',
          reason: 'The application is not available for the device’s operating system',
          deviceUuid: null,
        }),
      ],
    });
    const api = installFakeApi((request) => {
      if (request.path === `/bundle-api/employees/${person}/applications`) return { body: answer() };
      if (request.method === 'POST' && request.path === `/devices/${mac}/software/install`) {
        retried = true;
        return { status: 202, body: {} };
      }
      return undefined;
    });
    const { user } = renderWithApp(
      [{ path: '/', element: <PersonApplicationsList personUuid={person} /> }],
      '/',
    );
    const list = await screen.findByRole('region', { name: 'Applications of Sales' });
    expect(within(list).getByText('From the bundle Sales')).toBeInTheDocument();
    const row = (name: string) => within(list).getByText(name).closest('li')!;
    expect(within(row('Slack')).getByText('Installed')).toBeInTheDocument();
    expect(within(row('Notion')).getByText('Offered in self service')).toBeInTheDocument();
    expect(within(row('Gmail')).getByText('Skipped')).toBeInTheDocument();
    expect(
      within(row('Gmail')).getByText('The application is not available for the device’s operating system'),
    ).toBeInTheDocument();
    expect(within(row('Visual Studio Code')).getByText('Failed')).toBeInTheDocument();
    expect(
      within(row('Visual Studio Code')).getByText('Jamf Pro could not install Visual Studio Code'),
    ).toBeInTheDocument();
    expect(within(row('Slack')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Retry the install of Visual Studio Code' }));
    expect(api.calls(`POST /devices/${mac}/software/install`).map((call) => call.body)).toEqual([
      { applicationUuid: uuid(2, 1) },
    ]);
    await waitFor(() => expect(within(row('Visual Studio Code')).getByText('Pending')).toBeInTheDocument());
  });

  it('installs an application never requested on request, and says why one cannot be', async () => {
    let requested = false;
    const api = installFakeApi((request) => {
      if (request.path === `/bundle-api/employees/${person}/applications`)
        return {
          body: {
            bundle: { uuid: uuid(1), name: 'Sales' },
            items: [
              item(5, 'iTerm2', { status: requested ? 'pending' : 'not_requested', deviceUuid: null }),
              item(6, 'Xcode', { status: 'not_requested', deviceUuid: null }),
            ],
          } satisfies PersonApplications,
        };
      if (request.path === `/bundle-api/employees/${person}/applications/${uuid(5, 1)}/install`) {
        requested = true;
        return { status: 202, body: {} };
      }
      if (request.path === `/bundle-api/employees/${person}/applications/${uuid(6, 1)}/install`)
        return apiError(409, 'The device is not enrolled in its MDM', 'Conflict');
      return undefined;
    });
    const { user } = renderWithApp(
      [{ path: '/', element: <PersonApplicationsList personUuid={person} /> }],
      '/',
    );
    const list = await screen.findByRole('region', { name: 'Applications of Sales' });
    const row = (name: string) => within(list).getByText(name).closest('li')!;
    expect(within(row('iTerm2')).getByText('Not requested')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Install iTerm2 now' }));
    expect(api.calls(`POST /bundle-api/employees/${person}/applications/${uuid(5, 1)}/install`)).toHaveLength(
      1,
    );
    await waitFor(() => expect(within(row('iTerm2')).getByText('Pending')).toBeInTheDocument());
    await user.click(within(list).getByRole('button', { name: 'Install Xcode now' }));
    expect(
      await screen.findByText('Could not install Xcode: The device is not enrolled in its MDM'),
    ).toBeInTheDocument();
  });

  it('says when the person is in no bundle', async () => {
    installFakeApi(() => ({ body: { bundle: null, items: [] } }));
    renderWithApp([{ path: '/', element: <PersonApplicationsList personUuid={person} /> }], '/');
    expect(
      await screen.findByText('Not in a bundle: no applications are installed for this person.'),
    ).toBeInTheDocument();
  });
});
