/**
 * What other areas may use of organisations: the fields an organisation's profile is set up with (the
 * first IT owner's set-up page, the organisation settings' time zone). Everything else of the folder is the area's own;
 * `architecture.test.ts` holds other features to this file.
 */
export {
  browserCountry,
  browserTimeZone,
  CountrySelect,
  OrganizationProfileFields,
  TimeZoneSelect,
  WorkingDaysField,
} from './components/organization-profile-fields';
