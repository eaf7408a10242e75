import {
  AdminOrganization,
  type AdminOrganizationListQuery,
  type AdminOrganizationSortingKey,
} from '@equip/domain/organizations';
import { eq, ne, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import { organizations, PROVIDER_ORGANIZATION_UUID } from '../../db/schema/index.ts';
import { defineList, type ListDefinition } from '../../lists/list-query.ts';

/**
 * The organisations provider admins manage (`/dashboard/organizations`) as a list of the shared
 * machinery, read on the system handle (lists/system-reads.ts): every organisation but the provider's,
 * searched by name, filtered by whether it is deactivated, sorted by name, people, devices or creation;
 * counted with the page (they are few). The people and device counts are SQL of the areas that own
 * them, handed in by the caller (this module sits below both).
 */
export type OrganizationListQuery = AdminOrganizationListQuery & {
  /** One organisation only (the answer of a change to it). */
  uuid?: string;
};

export interface OrganizationCounts {
  people(organizationUuid: SQL): SQL<number>;
  devices(organizationUuid: SQL): SQL<number>;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function statusFilter(query: OrganizationListQuery): SQL | undefined {
  const statuses = new Set(query.status ?? []);
  if (statuses.size !== 1) return undefined;
  return statuses.has('active')
    ? sql`${organizations.deactivatedAt} is null`
    : sql`${organizations.deactivatedAt} is not null`;
}

export function organizationAdminList(
  counts: OrganizationCounts,
): ListDefinition<OrganizationListQuery, AdminOrganization, AdminOrganizationSortingKey> {
  const people = counts.people(sql`${organizations.uuid}`);
  const devices = counts.devices(sql`${organizations.uuid}`);
  return defineList(AdminOrganization, {
    name: 'admin-organizations',
    columns: {
      uuid: sql`${organizations.uuid}`,
      name: sql`${organizations.name}`,
      country: sql`${organizations.country}`,
      timeZone: sql`${organizations.timeZone}`,
      workingDays: sql`to_json(${organizations.workingDays})`,
      onboardingStep: sql`${organizations.onboardingStep}`,
      people,
      devices,
      createdAt: sql`${organizations.createdAt}`,
      deactivatedAt: sql`${organizations.deactivatedAt}`,
    },
    from: () => sql`${organizations}`,
    where: (query) => {
      const text = query.textSearchQuery?.trim().toLowerCase();
      return [
        ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID),
        query.uuid ? eq(organizations.uuid, query.uuid) : undefined,
        statusFilter(query),
        text ? sql`lower(${organizations.name}) like ${`%${escapeLike(text)}%`}` : undefined,
      ];
    },
    sorts: {
      name: { columns: [collated(organizations.name)], keyset: true },
      people: { columns: [people, collated(organizations.name)] },
      devices: { columns: [devices, collated(organizations.name)] },
      createdAt: { columns: [sql`${organizations.createdAt}`], keyset: true },
    },
    tieBreaker: sql`${organizations.uuid}`,
    sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
    total: () => 'window',
  });
}
