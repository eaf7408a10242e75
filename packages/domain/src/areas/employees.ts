import { z } from 'zod';
import { LocalDate } from '../common.ts';
import { defineArea, drafts } from '../define-area.ts';

const count = (value: unknown): number => (typeof value === 'number' && value >= 0 ? Math.trunc(value) : 0);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const NOTIFICATIONS = {
  'employees.imported': z.object({ count: z.number().int().min(0), fileName: z.string().nullable() }),
};
const draft = drafts(NOTIFICATIONS);

/** Employees: the people of the organisation, added by hand, by invitation and by import. */
export const employeesArea = defineArea({
  name: 'employees',
  events: ['USER_ADDED', 'USER_UPDATED', 'USER_DELETED', 'USER_INVITED', 'USERS_IMPORTED'],
  webhookGroups: {
    employees: ['employee.created', 'employee.updated', 'employee.deleted', 'employee.imported'],
  },
  // An import logs one event per person (not published) and one summary, `USERS_IMPORTED`, which is:
  // a receiver gets one `employee.imported` with the counts, not thousands of calls.
  webhookOfEvent: {
    USER_ADDED: 'employee.created',
    USER_UPDATED: 'employee.updated',
    USER_DELETED: 'employee.deleted',
    USERS_IMPORTED: 'employee.imported',
  },
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    // An import finished: the person who ran it learns how many were added.
    USERS_IMPORTED: (event) => [
      draft('employees.imported', 'positive', 'actor', {
        count: count(event.data?.count),
        fileName: text(event.data?.fileName),
      }),
    ],
  },
  jobs: {
    /** Hourly: enqueues the reminders of every organisation where it is now the reminder hour. */
    'reminders.plan': z.object({}),
    /** One organisation's daily device-registration reminders for one local date. */
    'reminders.send': z.object({ organizationUuid: z.uuid(), localDate: LocalDate }),
  },
});
