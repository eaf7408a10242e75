import { describe, expect, it } from 'vitest';
import { createStore } from '@/lib/store';
import { registrationRemindersList, selectOrganizationSetup } from './organization-setup-slice';

describe('organizationSetup: the email-reminders table (SPEC §3)', () => {
  it('starts on the all view, unsorted, with nobody selected, in every view', () => {
    const state = selectOrganizationSetup(createStore().getState());
    for (const view of ['all', 'active', 'onboarding'] as const)
      expect(state[view]).toEqual({
        filters: {},
        sorting: { key: null, direction: null },
        selectedIds: [],
        allMatchingSelected: false,
      });
    expect(registrationRemindersList.defaultView).toBe('all');
  });

  it('keeps its view and sorting in the address and asks the server for them', () => {
    const params = new URLSearchParams('view=onboarding&sort=startDate.desc&page=3');
    const view = registrationRemindersList.parseView(params.get('view'));
    expect(view).toBe('onboarding');
    const state = registrationRemindersList.fromUrl(params, view);
    expect(state).toEqual({ filters: {}, sorting: { key: 'startDate', direction: 'desc' }, page: 2 });
    expect(registrationRemindersList.toUrl(view, state).toString()).toBe(
      'view=onboarding&sort=startDate.desc&page=3',
    );
    expect(registrationRemindersList.toQuery(view, state)).toEqual({
      view: 'onboarding',
      sortingKey: 'startDate',
      sortingDirection: 'desc',
    });
    // An unknown view or sort key falls back to the defaults.
    const unknown = new URLSearchParams('view=everybody&sort=phone.asc');
    expect(registrationRemindersList.parseView(unknown.get('view'))).toBe('all');
    expect(registrationRemindersList.fromUrl(unknown, 'all').sorting).toEqual({ key: null, direction: null });
  });
});
