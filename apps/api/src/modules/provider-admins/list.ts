import {
  ProviderAdmin,
  type ProviderAdmin as ProviderAdminItem,
  type ProviderAdminListQuery,
  type ProviderAdminSortingKey,
} from '@equip/domain/provider-admins';
import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import { users } from '../../db/schema/index.ts';
import { defineList, type ListDefinition } from '../../lists/list-query.ts';

/**
 * The provider admins as a list of the shared machinery (lists/list-query.ts), read on the system handle
 * (lists/system-reads.ts): the people of the provider organisation who are not removed, searched by name
 * and email, filtered by whether they have set a password, sorted by name (the names' index), email
 * (its index) or invitation; counted with the page (they are few).
 */

/** Whether a password is set, never the hash. */
const hasPassword = sql`(${users.passwordHash} is not null)`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function statusFilter(query: ProviderAdminListQuery): SQL | undefined {
  const statuses = new Set(query.status ?? []);
  if (statuses.size !== 1) return undefined;
  return statuses.has('active') ? hasPassword : sql`not ${hasPassword}`;
}

export const providerAdminList: ListDefinition<
  ProviderAdminListQuery,
  ProviderAdminItem,
  ProviderAdminSortingKey
> = defineList(ProviderAdmin, {
  name: 'provider-admins',
  columns: {
    uuid: sql`${users.uuid}`,
    email: sql`${users.email}`,
    firstName: sql`${users.firstName}`,
    lastName: sql`${users.lastName}`,
    invitedAt: sql`${users.invitedAt}`,
    hasPassword,
    createdAt: sql`${users.createdAt}`,
  },
  from: () => sql`${users}`,
  where: (query, organizationUuid) => {
    const text = query.textSearchQuery?.trim().toLowerCase();
    return [
      eq(users.organizationUuid, organizationUuid),
      isNull(users.deletedAt),
      statusFilter(query),
      text ? sql`${users.searchText} like ${`%${escapeLike(text)}%`}` : undefined,
    ];
  },
  sorts: {
    name: { columns: [collated(users.lastName), collated(users.firstName)], keyset: true },
    email: { columns: [sql`lower(${users.email})`], keyset: true },
    invitedAt: { columns: [sql`${users.invitedAt}`, collated(users.lastName)] },
  },
  tieBreaker: sql`${users.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});
