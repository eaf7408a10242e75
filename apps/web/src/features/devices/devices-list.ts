import {
  ASSIGNMENT_TYPES,
  DEVICE_MDM_STATUSES,
  DEVICE_SORTING_KEYS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
} from '@equip/domain/devices-rules';
import { flagFilter, optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';

/**
 * The devices list (SPEC §2): one view, filtered by text, type, assignment, status, what the MDM last
 * reported and by unencrypted or unprotected devices; unsorted until a header is clicked. In the URL:
 * `?q=mac&type=COMPUTER&assignment=SHARED&status=active&mdm=locked&unencrypted=true&sort=lastSeenAt.desc&page=2`.
 */
export const devicesList = defineList({
  name: 'devicesListFilters',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        deviceTypes: optionsFilter('type', DEVICE_TYPES),
        assignmentTypes: optionsFilter('assignment', ASSIGNMENT_TYPES),
        deviceStatuses: optionsFilter('status', DEVICE_STATUSES),
        mdmStatuses: optionsFilter('mdm', DEVICE_MDM_STATUSES),
        showOnlyUnencrypted: flagFilter('unencrypted'),
        showOnlyUnprotected: flagFilter('unprotected'),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: DEVICE_SORTING_KEYS,
});
