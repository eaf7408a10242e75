import { describe, expect, it } from 'vitest';
import {
  clearReminders,
  deselectReminderRecipients,
  organizationSetupSlice,
  selectReminderRecipients,
  setRemindersSorting,
  setRemindersView,
  toggleReminderSelection,
} from './organization-setup-slice';

const reduce = organizationSetupSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('organizationSetup slice: the email-reminders table (SPEC §3)', () => {
  it('starts on the all view, unsorted, with nobody selected', () => {
    expect(initial.emailReminders).toEqual({
      currentViewName: 'all',
      selectedEmployeeUuids: [],
      sortingKey: null,
      sortingDirection: null,
    });
  });

  it('switches views and sorts', () => {
    let state = reduce(initial, setRemindersView('onboarding'));
    state = reduce(state, setRemindersSorting({ key: 'startDate', direction: 'desc' }));
    expect(state.emailReminders).toMatchObject({
      currentViewName: 'onboarding',
      sortingKey: 'startDate',
      sortingDirection: 'desc',
    });
    state = reduce(state, setRemindersSorting({ key: 'startDate', direction: null }));
    expect(state.emailReminders).toMatchObject({ sortingKey: null, sortingDirection: null });
  });

  it('toggles, selects and deselects people', () => {
    let state = reduce(initial, toggleReminderSelection('a'));
    state = reduce(state, selectReminderRecipients(['a', 'b', 'c']));
    expect(state.emailReminders.selectedEmployeeUuids).toEqual(['a', 'b', 'c']);
    state = reduce(state, toggleReminderSelection('b'));
    state = reduce(state, deselectReminderRecipients(['c']));
    expect(state.emailReminders.selectedEmployeeUuids).toEqual(['a']);
    state = reduce(state, deselectReminderRecipients(undefined));
    expect(state.emailReminders.selectedEmployeeUuids).toEqual([]);
  });

  it('clears the table state', () => {
    let state = reduce(initial, toggleReminderSelection('a'));
    state = reduce(state, setRemindersView('active'));
    expect(reduce(state, clearReminders())).toEqual(initial);
  });
});
