// Prints, in one run, how close `GET /api/devices` comes to the database's own speed on the same
// page: 100,000 devices (and 50,000 employees) in one organisation, 10 concurrent clients, a filtered and
// sorted page of 50.
// - PostgreSQL alone: pgbench on the reference SQL (the list machinery's own statement for that page,
//   printed by bench/reference-sql.ts) in a transaction with the tenant settings, prepared and simple;
// - the API under wrk on that page, and on two mixed workloads (filters + sorting by every key; with
//   searches and a deep page), on PostgreSQL and on PGlite.
// Targets (issue 11): the filtered, sorted page at ≥ 30% of pgbench's prepared rate with p95 ≤ 25 ms on
// PostgreSQL, ≤ 75 ms on PGlite.
import { devicesHandWritten } from './hand-written/devices.mjs';
import { runListBench } from './list-bench.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? DEVICES / 2);

/** The page pgbench and the API both serve: filtered by type and status, sorted by name. */
const REFERENCE = 'deviceTypes=COMPUTER&deviceStatuses=active&sortingKey=name&sortingDirection=asc';
const FILTERS_AND_SORTING = [
  REFERENCE,
  'sortingKey=name&sortingDirection=desc',
  'deviceStatuses=in-stock,ordered&sortingKey=status&sortingDirection=asc',
  'assignmentTypes=ASSIGNED&sortingKey=assignedTo&sortingDirection=asc',
  'showOnlyUnencrypted=true&sortingKey=lastSeenAt&sortingDirection=desc',
  'deviceTypes=PHONE,TABLET&sortingKey=os&sortingDirection=desc',
  'showOnlyUnprotected=true&deviceTypes=COMPUTER&sortingKey=security&sortingDirection=asc',
  'sortingKey=location&sortingDirection=asc&skip=50',
  'assignmentTypes=SHARED,UNASSIGNED&sortingKey=enrollmentState&sortingDirection=desc',
  'deviceTypes=COMPUTER&sortingKey=type&sortingDirection=asc',
];
const WITH_SEARCH_AND_DEEP_PAGE = [
  ...FILTERS_AND_SORTING.slice(0, 5),
  'textSearchQuery=macbook&sortingKey=name&sortingDirection=asc',
  'textSearchQuery=schmidt&deviceStatuses=active&sortingKey=lastSeenAt&sortingDirection=desc',
  'sortingKey=location&sortingDirection=asc&skip=5000',
];

await runListBench({
  title: `GET /api/devices, ${DEVICES.toLocaleString('en')} devices (${EMPLOYEES.toLocaleString('en')} employees)`,
  path: '/api/devices',
  list: 'devices',
  reference: REFERENCE,
  referenceLabel: 'filtered + sorted page',
  filtersAndSorting: FILTERS_AND_SORTING,
  withSearchAndDeepPage: WITH_SEARCH_AND_DEEP_PAGE,
  handWritten: devicesHandWritten,
  employees: EMPLOYEES,
  devices: DEVICES,
  databaseName: 'equip_bench_devices',
  tempPrefix: 'devices',
});
