import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRecordUrl } from './record-url';

const TABS = ['status', 'devices'] as const;

type Seen = { hook: ReturnType<typeof useRecordUrl<(typeof TABS)[number]>>; location: string };
let seen: Seen | undefined;

/** Shows what the hook answers and where the router is. */
function Probe() {
  const hook = useRecordUrl('personId', TABS);
  const location = useLocation();
  seen = { hook, location: `${location.pathname}${location.search}` };
  return null;
}

/** Renders the hook on `/people/:personId?` starting at `url`, with the router to inspect history. */
function renderRecordUrl(url: string) {
  const router = createMemoryRouter([{ path: '/people/:personId?', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { router, now: () => seen! };
}

describe('useRecordUrl', () => {
  it('opens a record with a push, keeps the list query, and Back closes it', async () => {
    const { router, now } = renderRecordUrl('/people?view=onboarding&page=2');
    expect(now().hook.recordId).toBeNull();
    await act(() => now().hook.open('p-1'));
    expect(now().location).toBe('/people/p-1?view=onboarding&page=2');
    expect(now().hook.recordId).toBe('p-1');
    await act(() => router.navigate(-1));
    expect(now().location).toBe('/people?view=onboarding&page=2');
    expect(now().hook.recordId).toBeNull();
  });

  it('reads the record and a known tab from a shared link, and ignores unknown tabs', () => {
    expect(renderRecordUrl('/people/p-2?tab=devices').now().hook).toMatchObject({
      recordId: 'p-2',
      tab: 'devices',
    });
    expect(renderRecordUrl('/people/p-2?tab=secrets').now().hook.tab).toBeNull();
  });

  it('switches tabs in place and closes to the list without the tab', async () => {
    const { router, now } = renderRecordUrl('/people/p-3?q=ann');
    await act(() => now().hook.setTab('devices'));
    expect(now().location).toBe('/people/p-3?q=ann&tab=devices');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => now().hook.close());
    expect(now().location).toBe('/people?q=ann');
  });
});
