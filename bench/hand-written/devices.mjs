// Hand-written best statements for the devices list's common pages (issue 25, item 11): what a person who
// knows the schema would write for each page, with the indexes at hand, answering what the API answers —
// the page's items as JSON, exactly the fields of GET /api/devices, and the total. No list machinery is
// involved; bench/list-bench.mjs runs each in pgbench beside the machinery's own statement for the same
// query. Variables: :org, :iso (the instants' format).

const ICU = 'collate "und-x-icu"';
const instant = (column) => `to_char(${column} at time zone 'UTC', :iso)`;

/** The fields of an item (DeviceListItem), named as the API names them. */
const ITEM = `d.uuid, d.name, d.serial_number as "serialNumber", d.type, d.os, d.os_version as "osVersion",
  d.model, d.status, d.assignment_type as "assignmentType",
  case when d.assigned_to_uuid is null then null else json_build_object('uuid', d.assigned_to_uuid,
    'firstName', coalesce(d.assignee_first_name, ''), 'lastName', coalesce(d.assignee_last_name, '')) end as "assignedTo",
  d.location, d.enrollment_state as "enrollmentState", d.mdm_provider as "mdmProvider",
  d.mdm_status as "mdmStatus", d.is_encrypted as "isEncrypted", d.is_protected as "isProtected",
  ${instant('d.last_seen_at')} as "lastSeenAt", ${instant('d.mdm_missing_since')} as "mdmMissingSince"`;

/** Staged devices (ordered, new) are hidden while it-2447-show-staged-devices is off (SPEC §9). */
const staged = (column) => `(${column} not in ('ordered', 'new') or exists (select 1 from feature_flags
  where name = 'it-2447-show-staged-devices' and value = 'on'))`;

/** The total of a page without a search: the kept per-group counts (device_counts). */
const counted = (where = 'true') =>
  `(select coalesce(sum(count), 0) from device_counts where organization_uuid = :org and ${staged('status')} and ${where})`;

/** A page walked along one sort's index: the first 50 rows, their JSON, the total beside. */
const page = ({ where = 'true', order, total = counted() }) =>
  `select coalesce(json_agg(p), '[]')::text as items, ${total} as total
  from (select ${ITEM} from devices d where d.organization_uuid = :org and ${staged('d.status')} and ${where}
    order by ${order} limit 50) p`;

const NAME = `d.name ${ICU}`;

export const devicesHandWritten = [
  {
    label: 'computers in use, by name',
    query: 'deviceTypes=COMPUTER&deviceStatuses=active&sortingKey=name&sortingDirection=asc',
    sql: page({
      where: `d.type ${ICU} = 'COMPUTER' and d.status ${ICU} = 'active'`,
      order: `${NAME}, d.uuid`,
      total: counted("type = 'COMPUTER' and status = 'active'"),
    }),
  },
  {
    label: 'first page by name',
    query: 'sortingKey=name&sortingDirection=asc',
    sql: page({ order: `${NAME}, d.uuid` }),
  },
  {
    label: 'by name, descending',
    query: 'sortingKey=name&sortingDirection=desc',
    sql: page({ order: `${NAME} desc, d.uuid desc` }),
  },
  {
    label: 'by type',
    query: 'sortingKey=type&sortingDirection=asc',
    sql: page({ order: `d.type ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by OS',
    query: 'sortingKey=os&sortingDirection=asc',
    sql: page({ order: `d.os ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by status',
    query: 'sortingKey=status&sortingDirection=asc',
    sql: page({ order: `d.status ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by assignee',
    query: 'sortingKey=assignedTo&sortingDirection=asc',
    sql: page({ order: `d.assignee_last_name ${ICU}, d.assignee_first_name ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by location',
    query: 'sortingKey=location&sortingDirection=asc',
    sql: page({ order: `d.location ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by security',
    query: 'sortingKey=security&sortingDirection=asc',
    sql: page({ order: `d.is_encrypted, d.is_protected, ${NAME}, d.uuid` }),
  },
  {
    label: 'by enrolment',
    query: 'sortingKey=enrollmentState&sortingDirection=asc',
    sql: page({ order: `d.enrollment_state ${ICU}, ${NAME}, d.uuid` }),
  },
  {
    label: 'by last seen',
    query: 'sortingKey=lastSeenAt&sortingDirection=asc',
    sql: page({ order: `d.last_seen_at, ${NAME}, d.uuid` }),
  },
  {
    label: 'filter: in stock or ordered, by status',
    query: 'deviceStatuses=in-stock,ordered&sortingKey=status&sortingDirection=asc',
    // One walk of the status index per status (each sorted by name already), merged: an IN list would
    // read every in-stock device and sort them all.
    sql: `select coalesce(json_agg(p), '[]')::text as items, ${counted("status in ('in-stock', 'ordered')")} as total
    from (select * from (${['in-stock', 'ordered']
      .map(
        // The status is known in each branch: its staged check is a one-time test of the flag.
        (
          status,
        ) => `(select ${ITEM} from devices d where d.organization_uuid = :org and ${staged(`'${status}'`)}
          and d.status ${ICU} = '${status}' order by ${NAME}, d.uuid limit 50)`,
      )
      .join(' union all ')}) u order by u.status ${ICU}, u.name ${ICU}, u.uuid limit 50) p`,
  },
  {
    label: 'search "macbook" by name',
    query: 'textSearchQuery=macbook&sortingKey=name&sortingDirection=asc',
    // The matches' keys once (the trigram index on search_text), counted and cut to the page; only the
    // page's rows are read whole. The
    // pattern is written in: as a parameter, the prepared statement's generic plan cannot weigh it.
    sql: `with m as (select uuid, name from devices d
      where d.organization_uuid = :org and ${staged('d.status')} and d.search_text like '%macbook%'),
    keys as (select uuid, name from m order by name ${ICU}, uuid limit 50)
    select coalesce(json_agg(p), '[]')::text as items, (select count(*) from m) as total
    from (select ${ITEM} from keys join devices d on d.uuid = keys.uuid order by keys.name ${ICU}, keys.uuid) p`,
  },
  {
    label: 'deep page: by location, skipping 5,000',
    query: 'sortingKey=location&sortingDirection=asc&skip=5000',
    // The skipped rows by their keys alone (the location index), then only the page's rows read.
    sql: `select coalesce(json_agg(p), '[]')::text as items, ${counted()} as total
    from (select ${ITEM} from devices d
      where d.uuid in (select k.uuid from devices k where k.organization_uuid = :org and ${staged('k.status')}
        order by k.location ${ICU}, k.name ${ICU}, k.uuid limit 50 offset 5000)
      order by d.location ${ICU}, ${NAME}, d.uuid) p`,
  },
];
