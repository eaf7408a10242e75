import { AdminOrganizationSortingKey, AdminOrganizationStatus } from '@equip/domain/organizations';
import type { WithSlice } from '@reduxjs/toolkit';
import { optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/**
 * The organisations' table (`/dashboard/settings/organizations`, provider admins): searched by name,
 * filtered by status, sorted by the server (by name until a header is clicked). In the URL:
 * `?q=acme&status=deactivated&sort=people.desc&page=2`.
 */
export const organizationsList = defineList({
  name: 'organizationsList',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        status: optionsFilter('status', AdminOrganizationStatus.options),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: AdminOrganizationSortingKey.options,
});

type Views = typeof organizationsList.views;

export const organizationsListSlice = createListSlice(organizationsList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof organizationsListSlice> {}
}

const selectOrganizationsList = organizationsListSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the organisations' table. */
export const organizationsListBinding: ListBinding<'organizationsList', Views, AdminOrganizationSortingKey> =
  {
    list: organizationsList,
    slice: organizationsListSlice,
    select: selectOrganizationsList,
  };
