// Prints, in one run, how close `GET /api/assets` (the assets tab's items) comes to the database's own
// speed on the same page: 100,000 peripheral items (and 20,000 employees) in one organisation, 10
// concurrent clients, a filtered and sorted page of 50.
// - PostgreSQL alone: pgbench on the reference SQL (the list machinery's own statement for that page,
//   printed by bench/reference-sql.ts) in a transaction with the tenant settings, prepared and simple;
// - the API under wrk on that page, and on two mixed workloads (filters + sorting by every key; with
//   searches and a deep page), on PostgreSQL and on PGlite.
// Targets (issue 28): ≥ 30% of pgbench's rate for the same page, p95 ≤ 25 ms on PostgreSQL, ≤ 75 ms on
// PGlite.
import { runListBench } from './list-bench.mjs';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? ASSETS / 5);

/** The page pgbench and the API both serve: the items in use, of the monitors, sorted by name. */
const REFERENCE = 'statuses=in-use&kinds=monitor&sortingKey=name&sortingDirection=asc';
const FILTERS_AND_SORTING = [
  REFERENCE,
  'sortingKey=name&sortingDirection=asc',
  'sortingKey=name&sortingDirection=desc',
  'assignmentTypes=unassigned&sortingKey=status&sortingDirection=asc',
  'assignmentTypes=assigned&sortingKey=assignedTo&sortingDirection=asc',
  'kinds=keyboard,mouse&sortingKey=serialNumber&sortingDirection=asc',
  'statuses=in-stock&sortingKey=createdAt&sortingDirection=desc',
  'kinds=headset&sortingKey=name&sortingDirection=asc&skip=50',
];
const WITH_SEARCH_AND_DEEP_PAGE = [
  ...FILTERS_AND_SORTING.slice(0, 4),
  'textSearchQuery=dell&sortingKey=name&sortingDirection=asc',
  'textSearchQuery=schmidt&sortingKey=assignedTo&sortingDirection=asc',
  'textSearchQuery=CN0A&sortingKey=name&sortingDirection=asc',
  'sortingKey=name&sortingDirection=asc&skip=5000',
];

await runListBench({
  title: `GET /api/assets, ${ASSETS.toLocaleString('en')} peripherals (${EMPLOYEES.toLocaleString('en')} employees)`,
  path: '/api/assets',
  list: 'assets',
  reference: REFERENCE,
  referenceLabel: 'filtered + sorted page',
  filtersAndSorting: FILTERS_AND_SORTING,
  withSearchAndDeepPage: WITH_SEARCH_AND_DEEP_PAGE,
  employees: EMPLOYEES,
  devices: 0,
  assets: ASSETS,
  databaseName: 'equip_bench_assets',
  tempPrefix: 'assets',
});
