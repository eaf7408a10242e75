// Prints the SQL the API runs for one page of a list (the list machinery's own statement), as JSON
// { text, params }: the list benches hand it to pgbench.
//   tsx bench/reference-sql.ts <organization uuid>                       employees, first page by name
//   tsx bench/reference-sql.ts <organization uuid> devices '<query>'     devices, that query string
import { DeviceListQuery } from '@equip/domain/devices';
import { EmployeeListQuery } from '@equip/domain/employees';
import { pageStatement } from '../apps/api/src/lists/list-query.ts';
import { deviceList } from '../apps/api/src/modules/devices/list.ts';
import { employeeList } from '../apps/api/src/modules/employees/list.ts';

const [organizationUuid, list = 'employees', queryString] = process.argv.slice(2);
if (!organizationUuid)
  throw new Error('usage: tsx bench/reference-sql.ts <organization uuid> [list] [query]');
const given = Object.fromEntries(new URLSearchParams(queryString ?? ''));
const { statement } =
  list === 'devices'
    ? pageStatement(deviceList, organizationUuid, DeviceListQuery.parse({ take: '50', ...given }))
    : pageStatement(
        employeeList,
        organizationUuid,
        EmployeeListQuery.parse({ take: '50', sortingKey: 'name', sortingDirection: 'asc', ...given }),
      );
console.log(JSON.stringify({ text: statement.text, params: statement.params }));
