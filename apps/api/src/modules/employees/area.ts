import { employeesArea } from '@equip/domain/areas/employees';
import { defineApiArea } from '../../define-area.ts';
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
});
