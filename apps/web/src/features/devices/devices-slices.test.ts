import { describe, expect, it } from 'vitest';
import { createStore } from '@/lib/store';
import { devicesList } from './devices-list';
import { selectDevicesList } from './devices-list-slice';
import {
  clearDevices,
  selectActiveDeviceTab,
  selectDevice,
  selectSelectedDeviceId,
  setActiveTab,
} from './devices-slice';

describe('devicesListFilters', () => {
  it('starts with no filter and unsorted, and round-trips its URL', () => {
    const store = createStore();
    expect(selectDevicesList(store.getState()).all).toEqual({
      filters: {
        textSearchQuery: '',
        deviceTypes: [],
        assignmentTypes: [],
        deviceStatuses: [],
        mdmStatuses: [],
        showOnlyUnencrypted: false,
        showOnlyUnprotected: false,
      },
      sorting: { key: null, direction: null },
      selectedIds: [],
      allMatchingSelected: false,
    });
    const params = new URLSearchParams(
      'q=mac&type=PHONE,LAPTOP&status=in-stock&mdm=locked,lost&unprotected=true&sort=security.desc',
    );
    const state = devicesList.fromUrl(params, 'all');
    expect(state.filters).toMatchObject({
      textSearchQuery: 'mac',
      deviceTypes: ['PHONE'],
      showOnlyUnprotected: true,
    });
    expect(devicesList.toQuery('all', state)).toEqual({
      textSearchQuery: 'mac',
      deviceTypes: ['PHONE'],
      deviceStatuses: ['in-stock'],
      mdmStatuses: ['locked'],
      showOnlyUnprotected: 'true',
      sortingKey: 'security',
      sortingDirection: 'desc',
    });
  });
});

describe('devices', () => {
  it('holds the open device and its tab; another device starts on the overview', () => {
    const store = createStore();
    store.dispatch(selectDevice('a'));
    store.dispatch(setActiveTab('specification'));
    expect(selectSelectedDeviceId(store.getState())).toBe('a');
    expect(selectActiveDeviceTab(store.getState())).toBe('specification');
    store.dispatch(selectDevice('b'));
    expect(selectActiveDeviceTab(store.getState())).toBe('overview');
    store.dispatch(selectDevice(null));
    expect(selectSelectedDeviceId(store.getState())).toBeNull();
    store.dispatch(clearDevices());
    expect(selectActiveDeviceTab(store.getState())).toBe('overview');
  });
});
