import { ProviderAdminSortingKey, ProviderAdminStatus } from '@equip/domain/provider-admins';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The provider admins' table (`/dashboard/provider-admins`): searched by name or email, filtered by
 * status, sorted by the server (by name until a header is clicked). In the URL:
 * `?q=grace&status=invited&sort=email.desc&page=2`.
 */
export const providerAdminsList = defineList({
  name: 'providerAdminsList',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        status: optionsFilter('status', ProviderAdminStatus.options),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: ProviderAdminSortingKey.options,
});

type Views = typeof providerAdminsList.views;

export const providerAdminsListSlice = createListSlice(providerAdminsList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof providerAdminsListSlice> {}
}

const selectProviderAdminsList = providerAdminsListSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the provider admins' table. */
export const providerAdminsListBinding: ListBinding<'providerAdminsList', Views, ProviderAdminSortingKey> = {
  list: providerAdminsList,
  slice: providerAdminsListSlice,
  select: selectProviderAdminsList,
};
