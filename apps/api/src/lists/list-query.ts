import { and, Column, is, SQL, sql } from 'drizzle-orm';
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

/**
 * A list's text search, paged by the machinery like the list itself: the matches of the search's
 * pattern come from a tenant-scoped function with their sort and filter keys (a trigram index finds
 * them), are filtered, counted and sorted on those keys, and only the page's rows are joined to the
 * list's table — so a pattern that matches tens of thousands of rows reads one page of full rows. Every
 * page of a search (by skip or by cursor, for the table or an export) goes this one way.
 */
export interface ListSearch<TQuery, TSortKey extends string> {
  /** The LIKE pattern of the query's search text, or null when it has none. */
  pattern(query: TQuery): string | null;
  /**
   * Where the matches of a pattern come from (the machinery names them `m`): a set-returning function
   * of the tenant, which may be a narrower one for some sorts and filters.
   */
  matches(query: TQuery, pattern: string, key: TSortKey): SQL;
  /** Joins after the matches that the filters or sort keys need (e.g. a person's bundle). */
  matchJoins?: SQL;
  /** The list's filters over the matches' keys (the function keeps to the tenant). */
  where(query: TQuery): (SQL | undefined)[];
  /** The list's sorts over the matches' keys: the same keys, order and paging as the list's `sorts`. */
  sorts: Record<TSortKey, SortKey>;
  /** The match's id (`m.uuid`), the search's tie-breaker. */
  id: SQL;
  /** The list's table joined to a page of matches (`m`), for the response's fields. */
  join: SQL;
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
   * count the rows with the page.
   */
  total(query: TQuery, organizationUuid: string): SQL<number> | 'window';
  /** The list's text search, when it has one (a query with search text is paged by it). */
  search?: ListSearch<TQuery, TSortKey>;
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
  // Every keyset sort's cursor schema, now: a sort over an expression of unknown kind fails at start-up.
  for (const key of Object.keys(definition.sorts) as TSortKey[])
    if (definition.sorts[key].keyset) cursorSchemaOf(definition, key);
  registeredLists.push({ definition: definition as unknown as ListDefinition<never, unknown, string>, item });
  timestampFields.set(definition, timestampFieldsOf(item));
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

/**
 * The kinds of value a sort column holds, as a cursor carries them (PostgreSQL's JSON of the column):
 * what a crafted cursor is checked against before it reaches the database, which would refuse text for
 * a timestamp or a number too large for an integer with an error (a 500) instead of a 400 (issue 24).
 */
export type CursorValueKind =
  | 'text'
  | 'uuid'
  | 'timestamp'
  | 'date'
  | 'smallint'
  | 'integer'
  | 'bigint'
  | 'number'
  | 'boolean';

const declaredKinds = new WeakMap<SQL, CursorValueKind>();

/**
 * Declares the kind of a sort expression the machinery cannot read from its table column (raw SQL,
 * casts, functions): a keyset sort over an expression of unknown kind is refused when the list is
 * defined.
 */
export function sortValue(expression: SQL, kind: CursorValueKind): SQL {
  declaredKinds.set(expression, kind);
  return expression;
}

/** Column types by PostgreSQL's name (drizzle's getSQLType), as cursors carry them. */
function kindOfSqlType(type: string): CursorValueKind | undefined {
  if (type === 'uuid') return 'uuid';
  if (type.startsWith('timestamp')) return 'timestamp';
  if (type === 'date') return 'date';
  if (type === 'smallint' || type === 'smallserial') return 'smallint';
  if (type === 'integer' || type === 'serial') return 'integer';
  if (type === 'bigint' || type === 'bigserial') return 'bigint';
  if (type === 'boolean') return 'boolean';
  if (/^(text|citext|varchar|character varying|char|character)\b/.test(type)) return 'text';
  if (/^(numeric|decimal|real|double precision)\b/.test(type)) return 'number';
  return undefined;
}

/** Wrappers of one column that keep its kind: lower() of text, a collation. */
const KIND_KEEPING = /^(lower\(\?\)|\?)( collate "[^"]+")?$/;

/**
 * The kind of a sort expression: declared with sortValue, or read from the one table column it is
 * (possibly lower-cased or collated); undefined when neither tells.
 */
function kindOfExpression(expression: SQL): CursorValueKind | undefined {
  const declared = declaredKinds.get(expression);
  if (declared) return declared;
  const columns: Column[] = [];
  let text = '';
  const walk = (chunks: unknown[]): boolean => {
    for (const chunk of chunks) {
      if (is(chunk, Column)) {
        columns.push(chunk);
        text += '?';
      } else if (is(chunk, SQL)) {
        if (!walk(chunk.queryChunks)) return false;
      } else if (chunk && typeof chunk === 'object' && 'value' in chunk && Array.isArray(chunk.value)) {
        text += (chunk.value as unknown[]).join('');
      } else return false;
    }
    return true;
  };
  if (!walk(expression.queryChunks) || columns.length !== 1 || !KIND_KEEPING.test(text.trim()))
    return undefined;
  return kindOfSqlType(columns[0]!.getSQLType());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(:?\d{2}(:?\d{2})?)?)?$/;

/** A calendar day PostgreSQL accepts (years 1 to 9999, no 30 February). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , , offsetHours] = match.map(Number);
  return (
    isCalendarDay(year!, month!, day!) &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    (offsetHours === undefined || Number.isNaN(offsetHours) || offsetHours <= 15)
  );
}

const noNul = (value: string) => !value.includes('\u0000');

/** One cursor value of each kind: JSON as PostgreSQL writes the column, within the column's range. */
const CURSOR_VALUES: Record<CursorValueKind, z.ZodType> = {
  // NUL is the one character no text column holds.
  text: z.string().refine(noNul),
  uuid: z.string().regex(UUID),
  timestamp: z.string().refine(isTimestamp),
  date: z.string().refine(isDate),
  smallint: z.number().int().min(-32_768).max(32_767),
  integer: z.number().int().min(-2_147_483_648).max(2_147_483_647),
  bigint: z.number().int().refine(Number.isSafeInteger),
  number: z.number(),
  boolean: z.boolean(),
};

/** Each declared list's cursor schema per keyset sort: a tuple of its sort values and tie-breaker. */
const cursorSchemas = new WeakMap<object, Map<string, z.ZodType<unknown[]>>>();

function cursorSchemaOf<TQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  key: TSortKey,
): z.ZodType<unknown[]> {
  const schemas = cursorSchemas.get(list) ?? new Map<string, z.ZodType<unknown[]>>();
  cursorSchemas.set(list, schemas);
  const known = schemas.get(key);
  if (known) return known;
  const expressions = [...list.sorts[key].columns, list.tieBreaker];
  const kinds = expressions.map((expression, index) => {
    const kind = kindOfExpression(expression);
    if (!kind)
      throw new Error(
        `The list ${list.name} pages ${key} by keyset over an expression whose kind is unknown ` +
          `(${index === expressions.length - 1 ? 'its tie-breaker' : `sort column ${index + 1}`}): declare it with sortValue`,
      );
    return kind;
  });
  const schema = z.tuple(kinds.map((kind) => CURSOR_VALUES[kind]) as [z.ZodType, ...z.ZodType[]]);
  schemas.set(key, schema);
  return schema;
}

/**
 * A cursor's sort values, checked against the list's sort: canonical base64url of a JSON array with one
 * value of each sort column's kind. Anything else (crafted, another list's, another sort's) is a 400 at
 * the cursor before any SQL is written.
 */
function decodeCursor(cursor: string, schema: z.ZodType<unknown[]>): unknown[] {
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') === cursor) {
    try {
      const values = schema.safeParse(JSON.parse(bytes.toString('utf8')));
      if (values.success) return values.data;
    } catch {
      // not JSON: refused below
    }
  }
  throw invalidCursor('The cursor does not belong to this list and sort');
}

/**
 * ORDER BY of a sort: ascending puts NULLs last; descending is its exact reverse (one index, read
 * backwards) for a keyset sort, whose columns are never NULL. A sort over nullable columns (`nullsLast`:
 * last seen, assignee, location) keeps NULLs last both ways: newest first must not open with the
 * devices never seen.
 */
export function orderBy(columns: SQL[], direction: SortDirection, nullsLast = false): SQL {
  const descending = nullsLast ? sql` desc nulls last` : sql` desc`;
  return sql.join(
    columns.map((column) => (direction === 'desc' ? sql`${column}${descending}` : sql`${column} asc`)),
    sql`, `,
  );
}

/** The rows after a cursor's position in a sort (its values checked against the list's sort first). */
function afterCursor<TQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  key: TSortKey,
  cursor: string,
  sortColumns: SQL[],
  direction: SortDirection,
): SQL {
  if (list.sorts[key].keyset !== true)
    throw invalidCursor(`Sorting by ${key} continues by skip, not by cursor`);
  const after = decodeCursor(cursor, cursorSchemaOf(list, key));
  const row = sql`(${sql.join(sortColumns, sql`, `)})`;
  const values = sql`(${sql.join(
    after.map((v) => sql`${v}`),
    sql`, `,
  )})`;
  return direction === 'desc' ? sql`${row} < ${values}` : sql`${row} > ${values}`;
}

/**
 * A page's total: the list's expression, or its rows counted with the page ('window') — apart when a
 * cursor cuts the rows the window would see, so that every page of a list says the same total.
 */
function windowTotal(
  total: SQL<number> | 'window',
  query: PageQuery,
  from: SQL,
  filtered: SQL | undefined,
): SQL {
  if (total !== 'window') return total;
  if (query.cursor === undefined) return sql`(count(*) over ())::integer`;
  return sql`(select count(*)::integer from ${from} where ${filtered})`;
}

/** The select list of a page: the response's fields under their names. */
function fieldsOf<TQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
): SQL[] {
  return Object.entries(list.columns as Record<string, SQL>).map(
    ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
  );
}

/** The SQL of one page: only the response's fields, the total, and the sort values when keyset. */
export function pageSql<TQuery extends PageQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): { sql: SQL; keyset: boolean } {
  const pattern = list.search?.pattern(query);
  if (list.search && pattern) return searchPageSql(list, list.search, pattern, query);
  const { key, direction } = list.sortOf(query);
  const sort = list.sorts[key];
  const sortColumns = [...sort.columns, list.tieBreaker];
  const keyset = sort.keyset === true;
  const filtered = list.where(query, organizationUuid);
  const conditions = [...filtered];
  if (query.cursor !== undefined)
    conditions.push(afterCursor(list, key, query.cursor, sortColumns, direction));
  const total = list.total(query, organizationUuid);
  const fields = fieldsOf(list);
  fields.push(
    sql`${windowTotal(total, query, list.from(query), and(...filtered))} as ${sql.identifier(TOTAL)}`,
  );
  if (keyset)
    fields.push(sql`json_build_array(${sql.join(sortColumns, sql`, `)}) as ${sql.identifier(SORT_VALUES)}`);
  const offset = query.cursor === undefined ? query.skip : 0;
  const order = orderBy(sortColumns, direction, !keyset);
  if (offset >= DEFERRED_JOIN_FROM_OFFSET && total !== 'window') {
    // A deep page by offset: the rows skipped are found by their keys alone (an index-only walk of the
    // sort's index), and only the page's rows are read whole and joined — skipping 5,000 people no
    // longer reads and joins 5,000 rows (half the time on PGlite).
    const pageKeys = sql`select ${list.tieBreaker} from ${list.from(query)} where ${and(...conditions)}
      order by ${order} ${pageBounds(query.take, offset)}`;
    return {
      sql: sql`select ${sql.join(fields, sql`, `)} from ${list.from(query)}
      where ${list.tieBreaker} in (${pageKeys}) order by ${order}`,
      keyset,
    };
  }
  return {
    sql: sql`select ${sql.join(fields, sql`, `)} from ${list.from(query)} where ${and(...conditions)}
    order by ${order} ${pageBounds(query.take, offset)}`,
    keyset,
  };
}

/** Where a search's matches come from, joined to what its filters and sorts need. */
function matchesOf<TQuery, TSortKey extends string>(
  search: ListSearch<TQuery, TSortKey>,
  query: TQuery,
  pattern: string,
  key: TSortKey,
): SQL {
  return sql`${search.matches(query, pattern, key)} m ${search.matchJoins ?? sql``}`;
}

/**
 * One page of a search (ListSearch): the matches filtered, counted and cut to the page on their own
 * keys, then only the page's rows joined to the list's table. A cursor continues after its position in
 * the matches (its values are the list's own sort values), and the matches are then counted apart.
 */
function searchPageSql<TQuery extends PageQuery, TItem, TSortKey extends string>(
  list: ListDefinition<TQuery, TItem, TSortKey>,
  search: ListSearch<TQuery, TSortKey>,
  pattern: string,
  query: TQuery,
): { sql: SQL; keyset: boolean } {
  const { key, direction } = list.sortOf(query);
  const sortColumns = [...search.sorts[key].columns, search.id];
  const keyset = list.sorts[key].keyset === true;
  const order = orderBy(sortColumns, direction, !keyset);
  const matches = matchesOf(search, query, pattern, key);
  const filtered = and(sql`true`, ...search.where(query));
  const conditions =
    query.cursor === undefined
      ? filtered
      : and(filtered, afterCursor(list, key, query.cursor, sortColumns, direction));
  const total = windowTotal('window', query, matches, filtered);
  const offset = query.cursor === undefined ? query.skip : 0;
  const page = sql`select m.*, ${total} as ${sql.identifier(TOTAL)} from ${matches} where ${conditions}
    order by ${order} ${pageBounds(query.take, offset)}`;
  const fields = fieldsOf(list);
  fields.push(sql`m.${sql.identifier(TOTAL)} as ${sql.identifier(TOTAL)}`);
  if (keyset)
    fields.push(sql`json_build_array(${sql.join(sortColumns, sql`, `)}) as ${sql.identifier(SORT_VALUES)}`);
  return {
    sql: sql`select ${sql.join(fields, sql`, `)} from (${page}) m ${search.join} order by ${order}`,
    keyset,
  };
}

/**
 * A page's LIMIT and OFFSET. The page size is written into the statement and a first or keyset page has
 * no OFFSET: with either one a bound parameter, PostgreSQL cannot cost the prepared statement's generic
 * plan (it assumes a tenth of the table is read) and so plans every execution anew, which halved the
 * rate of the statement in pgbench (decision 036). A page size is one of a few; a deep page's
 * offset stays a parameter, so distinct offsets do not each make a prepared statement.
 */
function pageBounds(take: number, offset: number): SQL {
  if (!Number.isSafeInteger(take) || take < 0) throw new Error(`A page size must be a count: ${take}`);
  const limit = sql.raw(`limit ${take}`);
  return offset === 0 ? limit : sql`${limit} offset ${offset}`;
}

/**
 * A filter's values of an enumeration written into the statement as literals (decision 036), for the
 * same reason as the page size: with them bound as parameters the generic plan cannot see how few rows
 * `type = 'COMPUTER' and status = 'active'` leaves, and PostgreSQL plans each execution anew. An
 * enumeration has few values, so the distinct statements stay few. Only a value of the enumeration's
 * own options is ever written (the query schema has checked it; this holds it again, at the SQL).
 */
export function enumLiteral<const V extends string>(value: V, options: readonly V[]): SQL {
  if (!options.includes(value) || !/^[A-Za-z0-9_.-]+$/.test(value))
    throw new Error(`Not a value of the enumeration: ${JSON.stringify(value)}`);
  return sql.raw(`'${value}'`);
}

/** `column in ('A', 'B')` (or `not in`) over values of an enumeration, as literals (`enumLiteral`). */
export function inEnum<const V extends string>(
  column: SQL | Column,
  values: readonly V[],
  options: readonly V[],
  negate = false,
): SQL {
  const list = sql.join(
    values.map((value) => enumLiteral(value, options)),
    sql`, `,
  );
  return negate ? sql`${column} not in (${list})` : sql`${column} in (${list})`;
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
  const pattern = list.search?.pattern(query);
  if (list.search && pattern) {
    const { key } = list.sortOf(query);
    const matches = matchesOf(list.search, query, pattern, key);
    const where = and(sql`true`, ...list.search.where(query));
    return render(
      `${list.name}.search.total`,
      sql`select count(*)::integer as ${sql.identifier(TOTAL)} from ${matches} where ${where}`,
    );
  }
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

/** A field name as a quoted SQL identifier (names come from code, never input). */
const identifier = (field: string) => `"${field.replaceAll('"', '""')}"`;

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
    return `${instants.has(field) ? `to_char(${value} at time zone 'UTC', ${isoFormat})` : value} as ${identifier(field)}`;
  });
  const wrapped: ReadStatement = {
    name: `${statement.name}.json`,
    // A parameter the text does not use fails the bind: only a list with instants sends the format.
    params: fields.some((field) => field.includes(isoFormat))
      ? [...statement.params, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"']
      : statement.params,
    // Each item is the row of a lateral select of the fields alone (json_agg writes a row with its
    // column names): cheaper than json_build_object's key and value pairs, about 15% in pgbench.
    text: `select coalesce(json_agg(i), '[]')::text as items,
      count(*)::integer as count, max(p.${identifier(TOTAL)}) as total${
        keyset ? `, (json_agg(p.${identifier(SORT_VALUES)}) -> -1)::text as last_sort` : ''
      }
      from (${statement.text}) p, lateral (select ${fields.join(', ')}) i`,
  };
  jsonPages.set(statement, wrapped);
  return wrapped;
}

/**
 * One page of a list as the response body `{ items, total, nextCursor }`, written by the database
 * (jsonPageStatement).
 */
export async function readJsonPage<TQuery extends PageQuery, TItem, TSortKey extends string>(
  reads: TenantReads,
  list: ListDefinition<TQuery, TItem, TSortKey>,
  organizationUuid: string,
  query: TQuery,
): Promise<JsonText<Page<TItem>>> {
  const page = pageStatement(list, organizationUuid, query);
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
