import type { SortingDirection } from '@equip/domain/common';
import { toggleId } from '@equip/domain/selection';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** Views of the email-reminders table: everyone without a registered device, or by status. */
export const REMINDER_VIEWS = ['all', 'active', 'onboarding'] as const;
export type ReminderView = (typeof REMINDER_VIEWS)[number];
export const REMINDER_SORTING_KEYS = ['name', 'email', 'department', 'startDate'] as const;
export type ReminderSortingKey = (typeof REMINDER_SORTING_KEYS)[number];

/** The email-reminders table of the organisation setup (SPEC §3). */
export interface EmailRemindersTableState {
  currentViewName: ReminderView;
  selectedEmployeeUuids: string[];
  sortingKey: ReminderSortingKey | null;
  sortingDirection: SortingDirection | null;
}

export interface OrganizationSetupState {
  emailReminders: EmailRemindersTableState;
}

const initialState: OrganizationSetupState = {
  emailReminders: {
    currentViewName: 'all',
    selectedEmployeeUuids: [],
    sortingKey: null,
    sortingDirection: null,
  },
};

export const organizationSetupSlice = createSlice({
  name: 'organizationSetup',
  initialState,
  reducers: {
    setRemindersView(state, action: PayloadAction<ReminderView>) {
      state.emailReminders.currentViewName = action.payload;
    },
    toggleReminderSelection(state, action: PayloadAction<string>) {
      const table = state.emailReminders;
      table.selectedEmployeeUuids = toggleId(table.selectedEmployeeUuids, action.payload);
    },
    selectReminderRecipients(state, action: PayloadAction<readonly string[]>) {
      const selected = new Set(state.emailReminders.selectedEmployeeUuids);
      for (const id of action.payload) selected.add(id);
      state.emailReminders.selectedEmployeeUuids = [...selected];
    },
    /** Removes the listed people from the selection; without a list, clears it. */
    deselectReminderRecipients(state, action: PayloadAction<readonly string[] | undefined>) {
      const table = state.emailReminders;
      if (!action.payload) {
        table.selectedEmployeeUuids = [];
        return;
      }
      const remove = new Set(action.payload);
      table.selectedEmployeeUuids = table.selectedEmployeeUuids.filter((id) => !remove.has(id));
    },
    setRemindersSorting(
      state,
      action: PayloadAction<{ key: ReminderSortingKey | null; direction: SortingDirection | null }>,
    ) {
      const { key, direction } = action.payload;
      state.emailReminders.sortingKey = key && direction ? key : null;
      state.emailReminders.sortingDirection = key && direction ? direction : null;
    },
    clearReminders(state) {
      state.emailReminders = initialState.emailReminders;
    },
  },
  selectors: {
    selectEmailReminders: (state) => state.emailReminders,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof organizationSetupSlice> {}
}

const injected = organizationSetupSlice.injectInto(rootReducer);

export const {
  setRemindersView,
  toggleReminderSelection,
  selectReminderRecipients,
  deselectReminderRecipients,
  setRemindersSorting,
  clearReminders,
} = organizationSetupSlice.actions;
export const { selectEmailReminders } = injected.selectors;
