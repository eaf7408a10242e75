// Hand-written best statements for the employees list's common pages (issue 25, item 11): what a person
// who knows the schema would write for each page, with the indexes at hand, answering what the API
// answers — the page's items as JSON, exactly the fields of GET /api/employees, and the total. No list
// machinery is involved; bench/list-bench.mjs runs each in pgbench beside the machinery's own statement
// for the same query. Variables: :org (the organisation), :iso (the instants' format; pgbench reads
// `:MI` in a literal as a variable).

const ICU = 'collate "und-x-icu"';
const NAME = `u.last_name ${ICU}, u.first_name ${ICU}`;

/** The fields of an item (EmployeeListItem), named as the API names them. */
const ITEM = `u.uuid, u.first_name as "firstName", u.last_name as "lastName", u.email, u.department,
  u.position, u.start_date::text as "startDate", u.last_date::text as "lastDate",
  u.employee_status as "employeeStatus", u.user_type as "userType", u.role, u.source,
  u.devices_assigned as "devicesAssigned",
  case when b.uuid is null then null else json_build_object('uuid', b.uuid, 'name', b.name) end as "assignedBundle",
  u.license, to_char(u.invited_at at time zone 'UTC', :iso) as "invitedAt",
  case when fo.uuid is not null then json_build_object('kind', 'offboarding', 'origin', fo.origin, 'provider', fo.origin_provider)
    when fi.uuid is not null then json_build_object('kind', 'onboarding', 'origin', fi.origin, 'provider', fi.origin_provider)
  end as "flowDraft"`;
/** The person's bundle, and their draft offboarding or onboarding (one each at most: partial unique indexes). */
const BUNDLE = `left join bundle_employees be on be.user_uuid = u.uuid left join bundles b on b.uuid = be.bundle_uuid
  left join offboardings fo on fo.user_uuid = u.uuid and fo.draft
  left join onboardings fi on fi.user_uuid = u.uuid and fi.draft`;
const PEOPLE = 'u.organization_uuid = :org and u.deleted_at is null';

/** The total of a page without a search: the kept per-group counts (user_counts). */
const counted = (where) =>
  `(select coalesce(sum(count), 0) from user_counts where organization_uuid = :org and ${where})`;

/** A page walked along one sort's index: the first 50 rows, their JSON, the total beside. */
const page = ({ where, order, total }) =>
  `select coalesce(json_agg(p), '[]')::text as items, ${total} as total
  from (select ${ITEM} from users u ${BUNDLE} where ${PEOPLE} and ${where} order by ${order} limit 50) p`;

const ACTIVE = "u.employee_status <> 'INACTIVE'";
const ACTIVE_TOTAL = counted("employee_status <> 'INACTIVE'");

export const employeesHandWritten = [
  {
    label: 'first page by name',
    query: 'sortingKey=name&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: `${NAME}, u.uuid`, total: ACTIVE_TOTAL }),
  },
  {
    label: 'by name, descending',
    query: 'sortingKey=name&sortingDirection=desc',
    sql: page({
      where: ACTIVE,
      order: `u.last_name ${ICU} desc, u.first_name ${ICU} desc, u.uuid desc`,
      total: ACTIVE_TOTAL,
    }),
  },
  {
    label: 'by email',
    query: 'sortingKey=email&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: 'lower(u.email), u.uuid', total: ACTIVE_TOTAL }),
  },
  {
    label: 'by status',
    query: 'sortingKey=employeeStatus&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: `u.employee_status, ${NAME}, u.uuid`, total: ACTIVE_TOTAL }),
  },
  {
    label: 'by devices assigned',
    query: 'sortingKey=devicesAssigned&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: 'u.devices_assigned, u.uuid', total: ACTIVE_TOTAL }),
  },
  {
    label: 'by bundle',
    query: 'sortingKey=assignedBundle&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: `b.name ${ICU}, ${NAME}, u.uuid`, total: ACTIVE_TOTAL }),
  },
  {
    label: 'by source',
    query: 'sortingKey=source&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: `u.source, ${NAME}, u.uuid`, total: ACTIVE_TOTAL }),
  },
  {
    label: 'by department',
    query: 'sortingKey=department&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: `u.department ${ICU}, u.uuid`, total: ACTIVE_TOTAL }),
  },
  {
    label: 'by start date',
    query: 'sortingKey=startDate&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: 'u.start_date, u.uuid', total: ACTIVE_TOTAL }),
  },
  {
    label: 'by last date',
    query: 'sortingKey=lastDate&sortingDirection=asc',
    sql: page({ where: ACTIVE, order: 'u.last_date, u.uuid', total: ACTIVE_TOTAL }),
  },
  {
    label: 'filter: active or onboarding, newest start first',
    query: 'employeeStatus=ACTIVE,ONBOARDING&sortingKey=startDate&sortingDirection=desc',
    sql: page({
      where: `${ACTIVE} and u.employee_status in ('ACTIVE', 'ONBOARDING')`,
      order: 'u.start_date desc nulls last, u.uuid desc nulls last',
      total: counted("employee_status <> 'INACTIVE' and employee_status in ('ACTIVE', 'ONBOARDING')"),
    }),
  },
  {
    label: 'search "mar" by name',
    query: 'textSearchQuery=mar&sortingKey=name&sortingDirection=asc',
    // The matches' keys once (the trigram index on search_text), counted and cut to the page; only the
    // page's rows are read whole. The
    // pattern is written in: as a parameter, the prepared statement's generic plan cannot weigh it.
    sql: `with m as (select uuid, last_name, first_name from users u
      where ${PEOPLE} and ${ACTIVE} and u.search_text like '%mar%'),
    keys as (select uuid, last_name, first_name from m order by last_name ${ICU}, first_name ${ICU}, uuid limit 50)
    select coalesce(json_agg(p), '[]')::text as items, (select count(*) from m) as total
    from (select ${ITEM} from keys join users u on u.uuid = keys.uuid ${BUNDLE}
      order by keys.last_name ${ICU}, keys.first_name ${ICU}, keys.uuid) p`,
  },
  {
    label: 'deep page: by department, skipping 5,000',
    query: 'withInactiveUsers=true&sortingKey=department&sortingDirection=asc&skip=5000',
    // The skipped rows by their keys alone (the department index), then only the page's rows read.
    sql: `select coalesce(json_agg(p), '[]')::text as items, ${counted('true')} as total
    from (select ${ITEM} from users u ${BUNDLE}
      where u.uuid in (select k.uuid from users k where k.organization_uuid = :org and k.deleted_at is null
        order by k.department ${ICU}, k.uuid limit 50 offset 5000)
      order by u.department ${ICU}, u.uuid) p`,
  },
];
