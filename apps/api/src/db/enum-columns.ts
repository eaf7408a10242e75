import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export interface EnumColumn {
  table: string;
  column: string;
  values: readonly string[];
}

/** Every text column of the schema that is limited to a domain enum's values. */
export function enumColumns(): EnumColumn[] {
  const found: EnumColumn[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    for (const column of Object.values(getTableColumns(value))) {
      if (column.enumValues && column.enumValues.length > 0) {
        found.push({ table: getTableName(value), column: column.name, values: column.enumValues });
      }
    }
  }
  return found.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

export const checkName = (c: Pick<EnumColumn, 'table' | 'column'>) => `${c.table}_${c.column}_check`;

/** The CHECK constraint of one column, as a migration writes it. */
export function checkConstraintSql(c: EnumColumn): string {
  const list = c.values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return `ALTER TABLE "${c.table}" ADD CONSTRAINT "${checkName(c)}" CHECK ("${c.column}" IN (${list}));`;
}
