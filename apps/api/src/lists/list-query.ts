import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ReadStatement, Row, TenantReads } from '../db/tenant-reads.ts';
import { badRequest } from '../http/errors.ts';
import { StatementCache } from './statement-cache.ts';

/**
 * The list machinery of the API: every table of the product (employees, devices, assets, bundles,
 * orders …) is one `ListDefinition`, and a validated list query becomes one prepared statement that
 * reads exactly the response's fields, filtered, sorted with a stable tie-break, paged by offset or by
 * keyset cursor, with its filtered total — sent in one round trip (db/tenant-reads.ts). Routes read it
 * with `readJsonPage` (the database writes the response body); `readPage` answers the parsed rows (the
 * reference the tests hold the JSON to, and callers that work on the items); exports walk `allRows`.
 * An area adds a list by writing its definition; it never writes paging, sorting or totals again.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortOrder<TKey extends string> {
  key: TKey;
  direction: SortDirection;
}

export interface SortKey {
  /** The expressions to order by, most significant first; each sort should match an index. */
  columns: SQL[];
  /**
   * True when none of the columns can be NULL, so a page can continue after a row's values (keyset):
   * deep pages then cost as much as the first.
   */
  keyset?: boolean;
}

export interface ListDefinition<TQuery, TItem, TSortKey extends string> {
  /** A name for the list (logs and statement names). */
  name: string;
  /**
   * The select list, one SQL expression per field of the response item. Only these are read: a list
   * never reads a column its response does not return (a test checks every definition).
   */
  columns: { [K in keyof TItem]-?: SQL };
  /** FROM and its joins (a function of the query when it takes parameters, e.g. a search pattern). */
  from(query: TQuery): SQL;
  /** The filters, ANDed; include the organisation (row-level security also holds, but the planner needs it). */
  where(query: TQuery, organizationUuid: string): (SQL | undefined)[];
  sorts: Record<TSortKey, SortKey>;
  /** A unique, non-null column that ends every order so pages never overlap. */
  tieBreaker: SQL;
  sortOf(query: TQuery): SortOrder<TSortKey>;
  /**
   * The filtered total: an expression evaluated once (e.g. a sum over a kept summary), or 'window' to
   * count the matches with the page (for searches, whose matches are few).
   */
  total(query: TQuery, organizationUuid: string): SQL<number> | 'window';
}

/** Every list definition with the response schema of its items (the projection test walks these). */
export const registeredLists: { definition: ListDefinition<never, unknown, string>; item: z.ZodObject }[] =
  [];

/**
 * Declares a list: its definition and the zod schema of one response item. The definition's columns
 * must be exactly the item's fields (lists.test.ts checks every declared list).
 */
export function defineList<TQuery, TItem, TSortKey extends string>(
  item: z.ZodObject,
  definition: ListDefinition<TQuery, TItem, TSortKey>,
): ListDefinition<TQuery, TItem, TSortKey> {
  registeredLists.push({ definition: definition as unknown as ListDefinition<never, unknown, string>, item });
  timestampFields.set(definition, timestampFieldsOf(item));
  // Its JSON page writes each item with json_build_object, which takes at most 100 arguments.
  if (Object.keys(definition.columns).length > 50)
    throw new Error(`The list ${definition.name} has more fields than json_build_object takes`);
  return definition;
}

/** The fields of each declared list's items that are instants (the JSON page writes them as the API does). */
const timestampFields = new WeakMap<object, ReadonlySet<string>>();

function timestampFieldsOf(item: z.ZodObject): ReadonlySet<string> {
  const schema = z.toJSONSchema(item, { io: 'output', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  const isInstant = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const { format, anyOf } = node as { format?: unknown; anyOf?: unknown };
    return format === 'date-time' || (Array.isArray(anyOf) && anyOf.some(isInstant));
  };
  return new Set(
    Object.entries(schema.properties ?? {})
      .filter(([, property]) => isInstant(property))
      .map(([field]) => field),
  );
}

export interface PageQuery {
  skip: number;
  take: number;
  /** Continue after this opaque position (from `nextCursor`); replaces `skip` when given. */
  cursor?: string | undefined;
}

export interface Page<TItem> {
  items: TItem[];
  total: number;
  /** Where the next page starts, for sorts that allow a keyset; absent at the end. */
  nextCursor?: string;
}

export const dialect = new PgDialect();
/** Rendered with the page so it travels in the same statement; not part of the response items. */
const TOTAL = '__total';
/** The sort values of each row, for its cursor; not part of the response items. */
const SORT_VALUES = '__sort';

const invalidCursor = (msg: string) =>
  badRequest(msg, { location: 'query', param: 'cursor', path: ['cursor'] });

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, length: number): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.length === length) return values;
  } catch {
    // fall through
  }
  throw invalidCursor('The cursor does not belong to this list and sort');
}

/** ORDER BY of a sort: ascending puts NULLs last; descending is its exact reverse (one index, read backwards). */
export function orderBy(columns: SQL[], direction: SortDirection): SQL {
  return sql.join(
    columns.map((column) => (direction === 'desc' ? sql`${column} desc` : sql`${column} asc`)),
    sql`, `,
  );
}

/** The SQL of one page: only the response's fields, the total, and the sort values when keyset. */
export function pageSql<TQuery extends PageQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): { sql: SQL; keyset: boolean } {
  const { key, direction } = list.sortOf(query);
  const sort = list.sorts[key];
  const sortColumns = [...sort.columns, list.tieBreaker];
  const keyset = sort.keyset === true;
  const conditions = list.where(query, organizationUuid);
  if (query.cursor !== undefined) {
    if (!keyset) throw invalidCursor(`Sorting by ${key} continues by skip, not by cursor`);
    const after = decodeCursor(query.cursor, sortColumns.length);
    const row = sql`(${sql.join(sortColumns, sql`, `)})`;
    const values = sql`(${sql.join(
      after.map((v) => sql`${v}`),
      sql`, `,
    )})`;
    conditions.push(direction === 'desc' ? sql`${row} < ${values}` : sql`${row} > ${values}`);
  }
  const total = list.total(query, organizationUuid);
  const fields = Object.entries(list.columns as Record<string, SQL>).map(
    ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
  );
  fields.push(
    total === 'window'
      ? sql`(count(*) over ())::integer as ${sql.identifier(TOTAL)}`
      : sql`${total} as ${sql.identifier(TOTAL)}`,
  );
  if (keyset)
    fields.push(sql`json_build_array(${sql.join(sortColumns, sql`, `)}) as ${sql.identifier(SORT_VALUES)}`);
  const offset = query.cursor === undefined ? query.skip : 0;
  const order = orderBy(sortColumns, direction);
  if (offset >= DEFERRED_JOIN_FROM_OFFSET && total !== 'window') {
    // A deep page by offset: the rows skipped are found by their keys alone (an index-only walk of the
    // sort's index), and only the page's rows are read whole and joined — skipping 5,000 people no
    // longer reads and joins 5,000 rows (half the time on PGlite).
    const pageKeys = sql`select ${list.tieBreaker} from ${list.from(query)} where ${and(...conditions)}
      order by ${order} limit ${query.take} offset ${offset}`;
    return {
      sql: sql`select ${sql.join(fields, sql`, `)} from ${list.from(query)}
      where ${list.tieBreaker} in (${pageKeys}) order by ${order}`,
      keyset,
    };
  }
  return {
    sql: sql`select ${sql.join(fields, sql`, `)} from ${list.from(query)} where ${and(...conditions)}
    order by ${order} limit ${query.take} offset ${offset}`,
    keyset,
  };
}

/** From this offset on, a page by offset finds its rows' keys first and reads only those rows. */
export const DEFERRED_JOIN_FROM_OFFSET = 500;

const pages = new StatementCache<{ statement: ReadStatement; keyset: boolean }>();

/** One page's statement, rendered for the read path (db/tenant-reads.ts), once per distinct query. */
export function pageStatement<TQuery extends PageQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): { statement: ReadStatement; keyset: boolean } {
  return pages.get(`${list.name}\u0000${organizationUuid}\u0000${JSON.stringify(query)}`, () => {
    const page = pageSql(list, organizationUuid, query);
    return { statement: render(list.name, page.sql), keyset: page.keyset };
  });
}

export function render(name: string, statement: SQL): ReadStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name, text, params };
}

/**
 * Every row of a list in order, a page at a time, inside a transaction the caller holds (exports):
 * by keyset where the sort allows it (each page costs the same), else by offset.
 */
export async function* allRows<TQuery extends PageQuery, TItem, TSortKey extends string>(
  tx: { execute(query: SQL): Promise<unknown> },
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
  pageSize = 2000,
): AsyncGenerator<TItem[]> {
  let page: TQuery = { ...query, skip: 0, take: pageSize, cursor: undefined };
  for (;;) {
    const { sql: statement, keyset } = pageSql(list, organizationUuid, page);
    const { rows } = (await tx.execute(statement)) as { rows: Row[] };
    yield rows as unknown as TItem[];
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    page = keyset
      ? { ...page, cursor: encodeCursor(last[SORT_VALUES] as unknown[]) }
      : { ...page, skip: page.skip + pageSize };
  }
}

/** The filtered total alone (a page past the end carries none). */
export function totalStatement<TQuery extends PageQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): ReadStatement {
  const total = list.total(query, organizationUuid);
  const statement =
    total === 'window'
      ? sql`select count(*)::integer as ${sql.identifier(TOTAL)} from ${list.from(query)} where ${and(...list.where(query, organizationUuid))}`
      : sql`select ${total} as ${sql.identifier(TOTAL)}`;
  return render(`${list.name}.total`, statement);
}

/**
 * A response body the database has already written as JSON: the route sends it as it is (see
 * http/json-text.ts). The type parameter is the response it stands for.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** A field name as a quoted SQL identifier and string literal (names come from code, never input). */
const identifier = (field: string) => `"${field.replaceAll('"', '""')}"`;
const literal = (field: string) => `'${field.replaceAll("'", "''")}'`;

const jsonPages = new WeakMap<ReadStatement, ReadStatement>();

/**
 * A page statement (rows of the list's fields, `__total`, and `__sort` when keyset) wrapped so that
 * the database answers one row: the page's items as JSON text, written as the API writes them (instants
 * as `2026-11-23T10:00:00.000Z`), the total, the row count and the last row's sort values. Node then
 * neither parses the rows nor serialises them again — on a 50-row page that was most of its CPU time
 * per request (bench/devices-list.mjs). Aggregating a sorted subquery keeps its order.
 */
export function jsonPageStatement<TQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  statement: ReadStatement,
  keyset: boolean,
): ReadStatement {
  const cached = jsonPages.get(statement);
  if (cached) return cached;
  const instants = timestampFields.get(list);
  if (!instants) throw new Error(`The list ${list.name} was not declared with defineList`);
  // The instants' format travels as a parameter: pgbench (the list benches run this statement) reads
  // `:MI` in a literal as one of its variables.
  const isoFormat = `$${statement.params.length + 1}::text`;
  const fields = Object.keys(list.columns as Record<string, SQL>).map((field) => {
    const value = `p.${identifier(field)}`;
    return `${literal(field)}, ${
      instants.has(field) ? `to_char(${value} at time zone 'UTC', ${isoFormat})` : value
    }`;
  });
  const wrapped: ReadStatement = {
    name: `${statement.name}.json`,
    params: [...statement.params, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'],
    text: `select coalesce(json_agg(json_build_object(${fields.join(', ')})), '[]')::text as items,
      count(*)::integer as count, max(p.${identifier(TOTAL)}) as total${
        keyset ? `, (json_agg(p.${identifier(SORT_VALUES)}) -> -1)::text as last_sort` : ''
      }
      from (${statement.text}) p`,
  };
  jsonPages.set(statement, wrapped);
  return wrapped;
}

/**
 * One page of a list as the response body `{ items, total, nextCursor }`, written by the database
 * (jsonPageStatement). `rows` replaces the list's own page statement (a search's faster one); its rows
 * must carry the list's fields and `__total`.
 */
export async function readJsonPage<TQuery extends PageQuery, TItem, TSortKey extends string>(
  reads: TenantReads,
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
  rows?: ReadStatement,
): Promise<JsonText<Page<TItem>>> {
  const page = rows ? { statement: rows, keyset: false } : pageStatement(list, organizationUuid, query);
  const [[answer] = []] = await reads.read(organizationUuid, [
    jsonPageStatement(list, page.statement, page.keyset),
  ]);
  const count = Number(answer?.count ?? 0);
  const total = await totalOfPage(reads, list, organizationUuid, query, count, answer?.total);
  const lastSort = answer?.last_sort;
  const cursor = nextCursorOf(page.keyset, count, query, () => JSON.parse(String(lastSort)) as unknown[]);
  const nextCursor = cursor === undefined ? '' : `,"nextCursor":"${cursor}"`;
  return `{"items":${String(answer?.items ?? '[]')},"total":${total}${nextCursor}}`;
}

/** A page's total: the one its statement carried, or counted alone for a page past the end (it has none). */
async function totalOfPage<TQuery extends PageQuery, TItem, TSortKey extends string>(
  reads: TenantReads,
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
  rowCount: number,
  carried: unknown,
): Promise<number> {
  if (rowCount > 0 || (query.skip === 0 && query.cursor === undefined)) return Number(carried ?? 0);
  const [[counted] = []] = await reads.read(organizationUuid, [
    totalStatement(list, organizationUuid, query),
  ]);
  return Number(counted?.[TOTAL] ?? 0);
}

/** Where the next page starts: after the last row's sort values, when the sort pages by keyset and the page is full. */
function nextCursorOf(
  keyset: boolean,
  rowCount: number,
  query: PageQuery,
  lastSortValues: () => unknown[],
): string | undefined {
  return keyset && rowCount > 0 && rowCount === query.take ? encodeCursor(lastSortValues()) : undefined;
}

/**
 * One page of a list and its filtered total, read in the organisation's tenant transaction. Rows carry
 * the response's fields under their names (the serializer writes only those). Routes that send the page
 * as it is read it with readJsonPage instead; this is for callers that work on the items.
 */
export async function readPage<TQuery extends PageQuery, TItem, TSortKey extends string>(
  reads: TenantReads,
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): Promise<Page<TItem>> {
  const { statement, keyset } = pageStatement(list, organizationUuid, query);
  const [rows = []] = await reads.read(organizationUuid, [statement]);
  const total = await totalOfPage(reads, list, organizationUuid, query, rows.length, rows[0]?.[TOTAL]);
  const page: Page<TItem> = { items: rows as unknown as TItem[], total };
  const nextCursor = nextCursorOf(
    keyset,
    rows.length,
    query,
    () => rows[rows.length - 1]![SORT_VALUES] as unknown[],
  );
  if (nextCursor !== undefined) page.nextCursor = nextCursor;
  return page;
}
