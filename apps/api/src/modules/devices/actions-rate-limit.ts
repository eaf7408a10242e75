import { MINUTE, type RatePolicy, SECOND } from '../../security/rate-limit.ts';

/** The MDM actions' per-organisation limits (docs/security.md, "Rate limits"). */
export const DEVICE_ACTION_POLICIES = {
  /**
   * Action requests per organisation, one device or a selection alike. Twenty in ten seconds is more
   * than an IT owner clicks through devices one by one (a selection is one request); a script goes on
   * at two a second.
   */
  requestsPerOrganization: { name: 'org:device-action-requests', limit: 20, windowMs: 10 * SECOND },
  /**
   * MDM commands asked for per organisation, a bulk action counted by the devices it names (each is a
   * command to queue, or a device to look at and skip; a request refused as a whole gives them back). A command is a job that calls the
   * organisation's MDM server and then checks until the device reports. A thousand in ten minutes is
   * two bulk actions of the largest size (500 devices: lock a selection, unlock it again) on top of the
   * handful of single commands an IT owner sends in a day; an incident that needs more, locking every
   * device of a large fleet, goes on at 6,000 an hour.
   */
  commandsPerOrganization: { name: 'org:device-commands', limit: 1000, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RatePolicy>;
