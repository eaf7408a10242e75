// Prints, in one run, how close `GET /api/employees` comes to the database's own speed on the same
// page: 50,000 employees, 10 concurrent clients, the first page sorted by name.
// - PostgreSQL alone: pgbench on the reference SQL (the list machinery's own statement, printed by
//   bench/reference-sql.ts) in a transaction with the tenant settings, prepared and simple protocol;
// - the API under wrk (a C load generator) on that page, and on two mixed workloads (filters + sorting;
//   with searches and a deep page), on PostgreSQL and on PGlite.
// Targets (issue 9): the page at ≥ 30% of pgbench's prepared rate with p95 ≤ 25 ms on PostgreSQL;
// p95 ≤ 60 ms with searches and a deep page; PGlite p95 ≤ 75 ms.
import { employeesHandWritten } from './hand-written/employees.mjs';
import { runListBench } from './list-bench.mjs';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 50_000);
const DEVICES = EMPLOYEES * 2;

const FILTERS_AND_SORTING = [
  'sortingKey=name&sortingDirection=asc',
  'employeeStatus=ACTIVE,ONBOARDING&sortingKey=startDate&sortingDirection=desc',
  'userType=regularUser&userSources=hris&sortingKey=devicesAssigned&sortingDirection=desc',
  'onlyWithoutAssignedBundle=true&sortingKey=email&sortingDirection=asc',
  'view=onboarding&sortingKey=startDate&sortingDirection=asc',
  'view=offboarding&sortingKey=lastDate&sortingDirection=asc',
  'employeeStatus=LEAVE,INACTIVE&withInactiveUsers=true&sortingKey=name&sortingDirection=desc',
  'userSources=equip&sortingKey=employeeStatus&sortingDirection=asc&skip=50',
];
const WITH_SEARCH_AND_DEEP_PAGE = [
  ...FILTERS_AND_SORTING.slice(0, 5),
  'textSearchQuery=mar&sortingKey=name&sortingDirection=asc',
  'textSearchQuery=schmidt&employeeStatus=ACTIVE&sortingKey=name&sortingDirection=desc',
  'withInactiveUsers=true&sortingKey=department&sortingDirection=asc&skip=5000',
];

await runListBench({
  title: `GET /api/employees, ${EMPLOYEES.toLocaleString('en')} employees`,
  path: '/api/employees',
  list: 'employees',
  reference: 'sortingKey=name&sortingDirection=asc',
  referenceLabel: 'first page, by name',
  filtersAndSorting: FILTERS_AND_SORTING,
  withSearchAndDeepPage: WITH_SEARCH_AND_DEEP_PAGE,
  handWritten: employeesHandWritten,
  employees: EMPLOYEES,
  devices: DEVICES,
  databaseName: 'equip_bench_list',
  tempPrefix: 'list',
});
