import { employeesArea } from '@equip/domain/areas/employees';
import { msg, plural, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea } from '@/lib/define-area';
import { formatNumber } from '@/lib/format';

/** Employees' events, webhook types and notifications in words (gathered in `src/areas.ts`). */
export const employeesWebArea = defineWebArea(employeesArea, {
  eventLabels: {
    USER_ADDED: msg`Employee added`,
    USER_UPDATED: msg`Employee changed`,
    USER_DELETED: msg`Employee removed`,
    USER_INVITED: msg`Employee invited`,
    USERS_IMPORTED: msg`Employees imported`,
  },
  webhookGroupLabels: { employees: msg`Employees` },
  webhookDescriptions: {
    'employee.created': msg`An employee was added`,
    'employee.updated': msg`An employee was changed (with before and after)`,
    'employee.deleted': msg`An employee was deleted`,
    'employee.imported': msg`Employees were imported (one event with the count)`,
  },
  notificationTexts: {
    'employees.imported': ({ count, fileName }) => {
      const n = formatNumber(count);
      return {
        title: t`Import finished`,
        body: fileName
          ? plural(count, {
              one: `${n} employee was imported from ${fileName}.`,
              other: `${n} employees were imported from ${fileName}.`,
            })
          : plural(count, { one: `${n} employee was imported.`, other: `${n} employees were imported.` }),
        link: { to: paths.dashboard.employees(), label: t`Open employees` },
      };
    },
  },
});
