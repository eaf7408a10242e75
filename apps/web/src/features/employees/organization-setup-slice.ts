import { RegistrationReminderSortingKey, type RegistrationReminderView } from '@equip/domain/employees';
import type { WithSlice } from '@reduxjs/toolkit';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

const unsorted = { key: null, direction: null };

/**
 * The organisation setup's email-reminders table (SPEC §3: the `organizationSetup` area keeps its
 * view, sorting and selected people): everyone without a registered device, or the active or onboarding
 * ones; sorted by the server (by name until a header is clicked). In the URL:
 * `?view=onboarding&sort=startDate.desc&page=2`.
 */
export const registrationRemindersList = defineList({
  name: 'organizationSetup',
  views: {
    all: { filters: {}, sorting: unsorted },
    active: { filters: {}, sorting: unsorted },
    onboarding: { filters: {}, sorting: unsorted },
  } satisfies Record<RegistrationReminderView, unknown>,
  sortKeys: RegistrationReminderSortingKey.options,
  viewQueryParam: 'view',
});

type Views = typeof registrationRemindersList.views;

export const organizationSetupSlice = createListSlice(registrationRemindersList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof organizationSetupSlice> {}
}

export const selectOrganizationSetup =
  organizationSetupSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the reminders table. */
export const registrationRemindersBinding: ListBinding<
  'organizationSetup',
  Views,
  RegistrationReminderSortingKey
> = {
  list: registrationRemindersList,
  slice: organizationSetupSlice,
  select: selectOrganizationSetup,
};
