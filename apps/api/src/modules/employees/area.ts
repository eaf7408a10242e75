import { employeesArea } from '@equip/domain/areas/employees';
import { defineApiArea } from '../../define-area.ts';

/** Employees: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const employeesApiArea = defineApiArea(employeesArea, {
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
