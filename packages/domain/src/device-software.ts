import { z } from 'zod';
import { IsoDateTime, pageOf, QueryBoolean, queryArray, searchableListQuery, Uuid } from './common.ts';
import { MdmProvider } from './mdm-providers.ts';

/**
 * A device's installed software (issue 27, item 4; decision 026): what the companion agent and each MDM
 * report as installed, with versions, and which entry of the application catalog each one is. The list
 * of one source is replaced whole on each of its reports (no history); bundles read the catalog match.
 */

/** Who reported an installed application: the companion agent or the device's MDM provider. */
export const SoftwareInventorySource = z.enum(['AGENT', ...MdmProvider.options]);
export type SoftwareInventorySource = z.infer<typeof SoftwareInventorySource>;

/** At most this many applications in one report (the agent keeps to it; more is a 400). */
export const MAX_REPORTED_SOFTWARE = 3000;

const Field = (max: number) => z.string().trim().min(1).max(max).nullable();

/**
 * One installed application as a report gives it. `bundleId`: the macOS or iOS bundle identifier
 * (`com.tinyspeck.slackmacgap`); `packageId`: the package manager's or installer's id (a Debian or RPM
 * package, a Windows uninstall key or winget id); `path`: where it is installed, when known.
 */
export const ReportedSoftware = z.object({
  name: z.string().trim().min(1).max(200),
  version: Field(100),
  bundleId: Field(200),
  packageId: Field(200),
  path: Field(500),
});
export type ReportedSoftware = z.infer<typeof ReportedSoftware>;

/** The longest each field of an entry may be (ReportedSoftware's limits). */
const FIELD_LIMITS = { name: 200, version: 100, bundleId: 200, packageId: 200, path: 500 } as const;

/**
 * What a source read, within a report's limits: fields trimmed and cut to their lengths (empty ones
 * null), entries without a name left out, duplicates once, sorted by name (ignoring case), at most
 * MAX_REPORTED_SOFTWARE. The agent and every MDM adapter keep their lists to it.
 */
export function tidySoftware(
  entries: readonly { [K in keyof ReportedSoftware]?: string | null | undefined }[],
): ReportedSoftware[] {
  const cut = (value: string | null | undefined, max: number) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed.slice(0, max) : null;
  };
  const seen = new Set<string>();
  const kept: ReportedSoftware[] = [];
  for (const entry of entries) {
    const name = cut(entry.name, FIELD_LIMITS.name);
    if (!name) continue;
    const tidied: ReportedSoftware = {
      name,
      version: cut(entry.version, FIELD_LIMITS.version),
      bundleId: cut(entry.bundleId, FIELD_LIMITS.bundleId),
      packageId: cut(entry.packageId, FIELD_LIMITS.packageId),
      path: cut(entry.path, FIELD_LIMITS.path),
    };
    const key = JSON.stringify([tidied.name, tidied.version, tidied.bundleId, tidied.packageId]);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tidied);
  }
  const order = (a: ReportedSoftware) => [a.name.toLowerCase(), a.name];
  kept.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : x[1]! < y[1]! ? -1 : x[1]! > y[1]! ? 1 : 0;
  });
  return kept.slice(0, MAX_REPORTED_SOFTWARE);
}

/** A whole list of one source (replaces what that source reported before). */
export const ReportedSoftwareList = z.array(ReportedSoftware).max(MAX_REPORTED_SOFTWARE);
export type ReportedSoftwareList = z.infer<typeof ReportedSoftwareList>;

/** The catalog application an installed entry is (by bundle id, package id or name). */
export const MatchedApplication = z.object({ uuid: Uuid, name: z.string() });
export type MatchedApplication = z.infer<typeof MatchedApplication>;

/** One row of a device's software list. */
export const DeviceSoftwareItem = z.object({
  uuid: Uuid,
  name: z.string(),
  version: z.string().nullable(),
  source: SoftwareInventorySource,
  bundleId: z.string().nullable(),
  packageId: z.string().nullable(),
  path: z.string().nullable(),
  /** When the source last reported it installed. */
  lastSeenAt: IsoDateTime,
  /** The application catalog's entry it is, or null when it matches none. */
  application: MatchedApplication.nullable(),
});
export type DeviceSoftwareItem = z.infer<typeof DeviceSoftwareItem>;

/** Sort keys of a device's software list; name (then version) is the default. */
export const DeviceSoftwareSortingKey = z.enum(['name', 'source', 'lastSeenAt']);
export type DeviceSoftwareSortingKey = z.infer<typeof DeviceSoftwareSortingKey>;

/**
 * `GET /api/devices/:uuid/software`: search over name, version, bundle and package id; only some
 * sources; only the entries the catalog knows (`matchedOnly`); sorting, paging (≤ 500 or cursor).
 */
export const DeviceSoftwareListQuery = searchableListQuery({
  sortingKeys: DeviceSoftwareSortingKey,
  maxTake: 500,
}).extend({
  sources: queryArray(SoftwareInventorySource),
  matchedOnly: QueryBoolean.optional(),
});
export type DeviceSoftwareListQuery = z.infer<typeof DeviceSoftwareListQuery>;

export const DeviceSoftwarePage = pageOf(DeviceSoftwareItem);
export type DeviceSoftwarePage = z.infer<typeof DeviceSoftwarePage>;

/** `POST /api/devices/:uuid/software/refresh`: what the device's MDM reported now. */
export const DeviceSoftwareRefreshResult = z.object({
  source: SoftwareInventorySource,
  count: z.number().int().min(0),
});
export type DeviceSoftwareRefreshResult = z.infer<typeof DeviceSoftwareRefreshResult>;
