// Prints the SQL the API runs for one page of a list, as JSON { text, params }: the list benches hand
// it to pgbench. The API reads a page as the JSON its answer carries (readJsonPage's statement, the
// default); --rows prints the page's rows statement inside it, for comparison.
//   tsx bench/reference-sql.ts <organization uuid>                       employees, first page by name
//   tsx bench/reference-sql.ts <organization uuid> devices '<query>'     devices, that query string
//   tsx bench/reference-sql.ts <organization uuid> assets '<query>'      peripheral items, that query string
//   tsx bench/reference-sql.ts --rows <organization uuid> …              the rows statement
import { AssetListQuery } from '@equip/domain/assets';
import { DeviceListQuery } from '@equip/domain/devices';
import { EmployeeListQuery } from '@equip/domain/employees';
import {
  jsonPageStatement,
  type ListDefinition,
  type PageQuery,
  pageStatement,
} from '../apps/api/src/lists/list-query.ts';
import { assetList } from '../apps/api/src/modules/assets/list.ts';
import { deviceList } from '../apps/api/src/modules/devices/list.ts';
import { employeeList } from '../apps/api/src/modules/employees/list.ts';

const args = process.argv.slice(2);
const rowsOnly = args[0] === '--rows';
const [organizationUuid, list = 'employees', queryString] = rowsOnly ? args.slice(1) : args;
if (!organizationUuid)
  throw new Error('usage: tsx bench/reference-sql.ts [--rows] <organization uuid> [list] [query]');
const given = Object.fromEntries(new URLSearchParams(queryString ?? ''));

function statementOf<TQuery extends PageQuery>(
  definition: ListDefinition<TQuery, unknown, string>,
  query: TQuery,
) {
  const { statement, keyset } = pageStatement(definition, organizationUuid!, query);
  return rowsOnly ? statement : jsonPageStatement(definition, statement, keyset);
}

const { text, params } =
  list === 'devices'
    ? statementOf(
        deviceList as ListDefinition<DeviceListQuery, unknown, string>,
        DeviceListQuery.parse({ take: '50', ...given }),
      )
    : list === 'assets'
      ? statementOf(
          assetList as ListDefinition<AssetListQuery, unknown, string>,
          AssetListQuery.parse({ take: '50', ...given }),
        )
      : statementOf(
          employeeList as ListDefinition<EmployeeListQuery, unknown, string>,
          EmployeeListQuery.parse({ take: '50', sortingKey: 'name', sortingDirection: 'asc', ...given }),
        );
console.log(JSON.stringify({ text, params }));
