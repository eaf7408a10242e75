import {
  RegistrationReminderCandidate,
  type RegistrationReminderCandidate as RegistrationReminderItem,
  type RegistrationReminderListQuery,
  type RegistrationReminderSortingKey,
  type RegistrationReminderView,
} from '@equip/domain/employees';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { users } from '../../db/schema/index.ts';
import { defineList, type ListDefinition } from '../../lists/list-query.ts';
import { enrolledDeviceHolders } from '../devices/index.ts';

/**
 * The organisation setup's registration-reminders table as a list of the shared machinery: people at
 * work or starting (a view narrows to one) who hold no enrolled device, sorted by name (the names'
 * index), email (its index), department or start date, counted with the page.
 */

const VIEW_STATUSES: Record<RegistrationReminderView, ('ACTIVE' | 'ONBOARDING')[]> = {
  all: ['ACTIVE', 'ONBOARDING'],
  active: ['ACTIVE'],
  onboarding: ['ONBOARDING'],
};

/** Whom a view lists: also whom "everyone in the view" reminds. */
export function remindedBy(view: RegistrationReminderView, organizationUuid: string): SQL[] {
  return [
    eq(users.organizationUuid, organizationUuid),
    isNull(users.deletedAt),
    inArray(users.employeeStatus, VIEW_STATUSES[view]),
    sql`${users.uuid} not in (${enrolledDeviceHolders})`,
  ];
}

const byName = [collated(users.lastName), collated(users.firstName)];

export const registrationReminderList: ListDefinition<
  RegistrationReminderListQuery,
  RegistrationReminderItem,
  RegistrationReminderSortingKey
> = defineList(RegistrationReminderCandidate, {
  name: 'registration-reminders',
  columns: {
    uuid: sql`${users.uuid}`,
    firstName: sql`${users.firstName}`,
    lastName: sql`${users.lastName}`,
    email: sql`${users.email}`,
    department: sql`${users.department}`,
    startDate: sql`${users.startDate}::text`,
    employeeStatus: sql`${users.employeeStatus}`,
  },
  from: () => sql`${users}`,
  where: (query, organizationUuid) => remindedBy(query.view, organizationUuid),
  sorts: {
    name: { columns: byName, keyset: true },
    email: { columns: [sql`lower(${users.email})`], keyset: true },
    department: { columns: [collated(users.department), ...byName] },
    startDate: { columns: [sql`${users.startDate}`, ...byName] },
  },
  tieBreaker: sql`${users.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

/** The uuids of everyone a view lists, by name, at most `limit` of them. */
export async function peopleInView(
  tx: Db,
  view: RegistrationReminderView,
  organizationUuid: string,
  limit: number,
): Promise<string[]> {
  const rows = await tx
    .select({ uuid: users.uuid })
    .from(users)
    .where(and(...remindedBy(view, organizationUuid)))
    .orderBy(...byName)
    .limit(limit);
  return rows.map((row) => row.uuid);
}
