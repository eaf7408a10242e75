// Prints the SQL the API runs for the first page of the employees table sorted by name (the list
// machinery's own statement), as JSON { text, params }: bench/employees-list.mjs hands it to pgbench.
import { EmployeeListQuery } from '@equip/domain/employees';
import { pageStatement } from '../apps/api/src/lists/list-query.ts';
import { employeeList } from '../apps/api/src/modules/employees/list.ts';

const organizationUuid = process.argv[2];
if (!organizationUuid) throw new Error('usage: tsx bench/reference-sql.ts <organization uuid>');
const query = EmployeeListQuery.parse({ take: '50', sortingKey: 'name', sortingDirection: 'asc' });
const { statement } = pageStatement(employeeList, organizationUuid, query);
console.log(JSON.stringify({ text: statement.text, params: statement.params }));
