import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** The `dashboard` client-state area (SPEC §3): the shell's own state. */
export interface DashboardState {
  notificationPanel: 'open' | 'closed';
}

const initialState: DashboardState = { notificationPanel: 'closed' };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    toggleNotificationPanel(state) {
      state.notificationPanel = state.notificationPanel === 'open' ? 'closed' : 'open';
    },
    showNotificationPanel(state) {
      state.notificationPanel = 'open';
    },
    hideNotificationPanel(state) {
      state.notificationPanel = 'closed';
    },
  },
  selectors: {
    selectIsNotificationPanelOpen: (state) => state.notificationPanel === 'open',
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof dashboardSlice> {}
}

const injected = dashboardSlice.injectInto(rootReducer);

export const { toggleNotificationPanel, showNotificationPanel, hideNotificationPanel } =
  dashboardSlice.actions;
export const { selectIsNotificationPanelOpen } = injected.selectors;
