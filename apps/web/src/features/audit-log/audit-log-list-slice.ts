import { EventType } from '@equip/domain/audit-log';
import type { WithSlice } from '@reduxjs/toolkit';
import { type FilterField, optionsFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';
import { isCalendarDay } from './lib/day-range';

/** A filter holding one value that must pass `accept` (a uuid, a day); anything else in the URL is dropped. */
function exactFilter(param: string, accept: (value: string) => boolean): FilterField<string> {
  return {
    param,
    empty: '',
    isEmpty: (value) => value === '',
    fromUrl: (params) => {
      const value = params.get(param)?.trim() ?? '';
      return accept(value) ? value : '';
    },
    toUrl: (value) => value || undefined,
    toQuery: (value) => value || undefined,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

/**
 * The audit log's list: one view, newest first (the only order), filtered by event types, one actor,
 * one subject and a range of days (`from` and `to` inclusive, in the organisation's time zone: the
 * request turns them into instants, api/get-audit-log.ts). In the URL:
 * `?type=USER_ADDED,USERS_IMPORTED&actor=<uuid>&subject=<uuid>&from=2026-11-01&to=2026-11-23&page=2`.
 */
export const auditLogList = defineList({
  name: 'auditLog',
  views: {
    all: {
      filters: {
        types: optionsFilter('type', EventType.options),
        actorUuid: exactFilter('actor', isUuid),
        subjectUuid: exactFilter('subject', isUuid),
        from: exactFilter('from', isCalendarDay),
        to: exactFilter('to', isCalendarDay),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: ['createdAt'],
});

type Views = typeof auditLogList.views;

export const auditLogSlice = createListSlice(auditLogList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof auditLogSlice> {}
}

export const selectAuditLogList = auditLogSlice.injectInto(rootReducer).selectors.selectListState;

export const auditLogBinding: ListBinding<'auditLog', Views, 'createdAt'> = {
  list: auditLogList,
  slice: auditLogSlice,
  select: selectAuditLogList,
};
