import { z } from 'zod';
// The SPEC §5 messages, installed by the module every schema builds on: the browser loads the schemas
// with the pages and forms that use them, not with its first page (bench/lighthouse.mjs).
import './zod-messages.ts';

export const Uuid = z.uuid();
/** A route's `:uuid` path parameter. */
export const UuidParams = z.object({ uuid: Uuid });
/** A 204 answer's (absent) body. */
export const NoContent = z.null().describe('No content');
export const IsoDateTime = z.iso.datetime({ offset: true });
/** A calendar date `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();

/** Query booleans are the strings `true` or `false` (SPEC §5). */
export const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Array queries accept repeated (`?a=x&a=y`) or comma-separated (`?a=x,y`) values (SPEC §5).
 * The item schema validates each value after splitting.
 */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((raw) => {
    if (raw === undefined || raw === null || raw === '') return undefined;
    const values = Array.isArray(raw) ? raw : [raw];
    return values
      .flatMap((value) => (typeof value === 'string' ? value.split(',') : [value]))
      .map((value) => (typeof value === 'string' ? value.trim() : value))
      .filter((value) => value !== '');
  }, z.array(item).optional());
}

/**
 * Pagination: skip at least 0, take at least 1 (SPEC §5); each list sets its own maximum. `cursor`
 * (a page's `nextCursor`) continues after the last row instead of skipping, for sorts that allow it:
 * deep pages then cost as much as the first.
 */
export function pagination(maxTake: number, defaultTake = 50) {
  return {
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(maxTake).default(defaultTake),
    cursor: z.string().max(2000).optional(),
  };
}

export const SortingDirection = z.enum(['asc', 'desc']);
export type SortingDirection = z.infer<typeof SortingDirection>;

/** What a list's search box sends. */
export const SearchText = z.string().trim().max(200);

/**
 * The base every server list's query extends with its own filters (as documenso extends one
 * search-params schema): sorting by one of the list's keys (its default order when absent) in either
 * direction, and paging by skip/take (at most `maxTake`) or by cursor.
 */
export interface ListQueryOptions<SortingKeys extends z.ZodEnum> {
  sortingKeys: SortingKeys;
  maxTake: number;
  defaultTake?: number;
}

export function listQuery<SortingKeys extends z.ZodEnum>(options: ListQueryOptions<SortingKeys>) {
  return z.object({
    sortingKey: options.sortingKeys.optional(),
    sortingDirection: SortingDirection.optional(),
    ...pagination(options.maxTake, options.defaultTake),
  });
}

/** A list's query with its search box: `textSearchQuery` on top of `listQuery`. */
export function searchableListQuery<SortingKeys extends z.ZodEnum>(options: ListQueryOptions<SortingKeys>) {
  return listQuery(options).extend({ textSearchQuery: SearchText.optional() });
}

/** Client-side sorting: key plus direction (asc, desc or null). */
export const Sorting = z.object({ key: z.string().nullable(), direction: SortingDirection.nullable() });
export type Sorting = z.infer<typeof Sorting>;

/** A page of a list: its items, the filtered total, and where the next page starts (keyset sorts). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    nextCursor: z.string().optional(),
  });
}

export const Theme = z.enum(['light', 'dark']);
/** The preference may also follow the system (SPEC §1); the main layout renders light only. */
export const ThemePreference = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof Theme>;
export type ThemePreference = z.infer<typeof ThemePreference>;

/** A calendar date as the organisation sees it (`2026-03-29`). */
export const LocalDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');
export type LocalDate = z.infer<typeof LocalDate>;
/** A wall-clock time (`08:00`, `23:59:59`). */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'HH:MM or HH:MM:SS');
export type LocalTime = z.infer<typeof LocalTime>;
