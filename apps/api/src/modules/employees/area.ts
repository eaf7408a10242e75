import { employeesArea } from '@equip/domain/areas/employees';
import { dailyRunDue, REMINDER_LOCAL_TIME } from '@equip/domain/jobs';
import { withTenant } from '../../db/tenancy.ts';
import { defineApiArea } from '../../define-area.ts';
import { organizationTimeZones } from '../organizations/index.ts';
import { sendDailyRegistrationReminders } from './index.ts';
import { employeeRoutes } from './routes.ts';
import { createEmployeesService, type EmployeesService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    employees: EmployeesService;
  }
}

/**
 * Employees.
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const employeesApiArea = defineApiArea(employeesArea, {
  routes: [employeeRoutes],
  services: ({ mailer, config, database }) => ({
    employees: createEmployeesService({
      mailer,
      // A registration reminder links to /start on the enrolment host (ENROLMENT_URL).
      enrolmentUrl: config.urls.enrolment,
      databaseKind: database.kind,
    }),
  }),
  eventWords: {
    en: {
      USER_ADDED: 'Employee added',
      USER_UPDATED: 'Employee changed',
      USER_DELETED: 'Employee removed',
      USER_INVITED: 'Employee invited',
      USERS_IMPORTED: 'Employees imported',
    },
    de: {
      USER_ADDED: 'Mitarbeiter:in hinzugefügt',
      USER_UPDATED: 'Mitarbeiter:in geändert',
      USER_DELETED: 'Mitarbeiter:in entfernt',
      USER_INVITED: 'Mitarbeiter:in eingeladen',
      USERS_IMPORTED: 'Mitarbeitende importiert',
    },
  },
  jobs: {
    policies: {
      'reminders.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      'reminders.send': { retryLimit: 6, retryDelaySeconds: 30, batchSize: 1 },
    },
    register: (jobs, { database, mailer, config }) => {
      const db = database.db;
      jobs.handle('reminders.plan', async () => {
        const now = new Date();
        for (const org of await organizationTimeZones(db)) {
          const localDate = dailyRunDue(now, REMINDER_LOCAL_TIME, org.timeZone);
          if (!localDate) continue;
          await jobs.send(
            'reminders.send',
            { organizationUuid: org.uuid, localDate },
            { key: `${org.uuid}:${localDate}` },
          );
        }
      });
      jobs.handle('reminders.send', async ({ organizationUuid }, job) => {
        await withTenant(db, organizationUuid, async (tx) => {
          await jobs.once(
            'reminders.send',
            job.key,
            async () => {
              // The reminder links to /start on the enrolment host (ENROLMENT_URL).
              await sendDailyRegistrationReminders(tx, organizationUuid, {
                mailer,
                publicUrl: config.urls.enrolment,
              });
            },
            { db: tx },
          );
        });
        jobs.kick('mail.send');
      });
    },
    // Every quarter hour: catches each organisation's reminder time, whole-hour zone or not, and catches
    // up after a stop (the key makes it one run per organisation and local date).
    schedules: { 'reminders.plan': '*/15 * * * *' },
  },
});
