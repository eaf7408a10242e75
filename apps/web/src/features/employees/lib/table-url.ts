import { employeesTableList } from '../employees-list';

/**
 * The table state in the URL, so a view can be shared and survives a reload:
 * `?view=all&q=anna&userType=regularUser,lightUser&status=ACTIVE&source=hris&withoutBundle=true
 * &inactive=true&sort=startDate.desc&page=3`. Defaults are left out; `sort=none` marks an unsorted
 * view whose initial sorting is not none. The list machinery (`lib/list-state`) does the work.
 */
export const parseTableUrl = employeesTableList.fromUrl;

/** The search params of a view's state (defaults left out). */
export const serializeTableUrl = employeesTableList.toUrl;

/** Filters and sorting in canonical form (no page), to compare a URL with the state. */
export const tableStateKey = employeesTableList.urlKey;

/** `?view=…` of a search string, as a table view ('all' when missing or unknown). */
export const parseView = employeesTableList.parseView;
