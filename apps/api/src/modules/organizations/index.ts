// The organisations module's public surface.

export { type OrganizationCounts, type OrganizationListQuery, organizationAdminList } from './admin-list.ts';
export {
  anyOrganization,
  finishCreateBundleStep,
  insertOrganization,
  lockInstallation,
  managedOrganization,
  organizationName,
  organizationTimeZone,
  organizationTimeZones,
  setOrganizationDeactivated,
  updateGeneralSettings,
} from './queries.ts';
