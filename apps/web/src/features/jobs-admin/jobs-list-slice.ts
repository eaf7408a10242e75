import { FailedJobSortingKey, JobQueueSortingKey } from '@equip/domain/jobs-admin';
import type { WithSlice } from '@reduxjs/toolkit';
import { flagFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';
import { createListSlice } from '@/lib/list-state/list-slice';
import type { ListBinding } from '@/lib/list-state/use-list-state';
import { rootReducer } from '@/lib/store';

/** The sort keys of both views; each view's columns only offer their own endpoint's keys. */
const JOB_SORT_KEYS = [...JobQueueSortingKey.options, ...FailedJobSortingKey.options] as const;
type JobSortKey = (typeof JOB_SORT_KEYS)[number];

/**
 * The jobs page's lists (`/dashboard/jobs`), one view each: the queues with their jobs per state
 * (`GET /api/admin/jobs/queues`, optionally only those with failures) and the jobs that failed for good
 * (`?view=failed`, `GET /api/admin/jobs/failed`, by queue). Sorted by the server until a header is
 * clicked. In the URL: `?view=failed&queue=mail.send&sort=attempts.desc&page=2`.
 */
export const jobsList = defineList({
  name: 'jobsList',
  views: {
    queues: {
      filters: { withFailures: flagFilter('withFailures') },
      sorting: { key: null, direction: null },
    },
    failed: { filters: { queue: textFilter('queue') }, sorting: { key: null, direction: null } },
  },
  sortKeys: JOB_SORT_KEYS,
});

type Views = typeof jobsList.views;
export type JobsView = keyof Views;

export const jobsListSlice = createListSlice(jobsList);

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof jobsListSlice> {}
}

const selectJobsList = jobsListSlice.injectInto(rootReducer).selectors.selectListState;

/** What the list hooks (`useListTable`) need of the jobs page's lists. */
export const jobsListBinding: ListBinding<'jobsList', Views, JobSortKey> = {
  list: jobsList,
  slice: jobsListSlice,
  select: selectJobsList,
};
