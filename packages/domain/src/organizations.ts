import { z } from 'zod';
import { IsoDateTime, pageOf, queryArray, searchableListQuery, Uuid } from './common.ts';
import { COUNTRY_CODES } from './countries.ts';
import { Email, OrganizationOnboardingStep } from './identity.ts';
import { WorkspaceProvider } from './integrations.ts';
import { TimeZone } from './locale.ts';
import { WEEKDAYS } from './weekdays.ts';

/** An organisation a provider admin can act for. */
export const OrganizationSummary = z.object({ uuid: Uuid, name: z.string() });
export const OrganizationSummaryList = z.object({ items: z.array(OrganizationSummary) });
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;
export type OrganizationSummaryList = z.infer<typeof OrganizationSummaryList>;

/** Single sign-on settings as an it-owner sees them: the client secret is never returned. */
export const SsoSettings = z.object({
  provider: WorkspaceProvider.nullable(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoSettingsInput = z.object({
  provider: WorkspaceProvider,
  /** An https:// address that resolves to a public address (checked by the server). */
  issuer: z.url().max(500),
  clientId: z.string().trim().min(1).max(300),
  /** Omit to keep the stored secret. */
  clientSecret: z.string().min(1).max(500).optional(),
});
export type SsoSettingsInput = z.infer<typeof SsoSettingsInput>;

/** A mail or text message the installation sent or holds (provider admins' outbox). */
export const OutboxMessage = z.object({
  uuid: Uuid,
  kind: z.enum(['mail', 'sms']),
  to: z.string(),
  /** Outside demo mode, one-time codes in it are masked (•••). */
  subject: z.string().nullable(),
  /** The body, only in demo mode: it carries live sign-in, invitation and reset links and codes. */
  text: z.string().nullable(),
  createdAt: IsoDateTime,
  sentAt: IsoDateTime.nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxQuery = z.object({ take: z.coerce.number().int().min(1).max(500).default(100) });
export const OutboxList = z.object({ items: z.array(OutboxMessage) });
export type OutboxList = z.infer<typeof OutboxList>;

/** Settings of the caller's organisation. */
export const OrganizationSettings = z.object({ name: z.string(), timeZone: z.string() });
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;
export const UpdateOrganizationSettings = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  timeZone: TimeZone.optional(),
});
export type UpdateOrganizationSettings = z.infer<typeof UpdateOrganizationSettings>;

/** A country by its ISO 3166-1 alpha-2 code (`DE`, `GB` …). */
export const CountryCode = z.enum(COUNTRY_CODES as [string, ...string[]], {
  error: 'Choose a country (an ISO 3166-1 code such as DE)',
});
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;
/** The days people work, each once, at least one (the server stores them in week order). */
export const WorkingDays = z
  .array(Weekday)
  .min(1, 'Choose at least one working day')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'Name each working day once');

export const OrganizationName = z.string().trim().min(1).max(200);

/** What an organisation is set up with: its name, where it is and when its people work. */
export const OrganizationProfile = z.object({
  name: OrganizationName,
  country: CountryCode,
  /** Dates and times are shown, and dated work planned, in this IANA zone. */
  timeZone: TimeZone,
  workingDays: WorkingDays,
});
export type OrganizationProfile = z.infer<typeof OrganizationProfile>;

/**
 * An organisation as provider admins manage it (`/dashboard/organizations`): with how many people and
 * devices it has, and whether it is deactivated (its people cannot sign in).
 */
export const AdminOrganization = z.object({
  uuid: Uuid,
  name: z.string(),
  /** Null for organisations made before organisations had a country. */
  country: z.string().nullable(),
  timeZone: z.string(),
  workingDays: z.array(Weekday),
  onboardingStep: OrganizationOnboardingStep,
  /** People who are not removed. */
  people: z.number().int().min(0),
  devices: z.number().int().min(0),
  createdAt: IsoDateTime,
  deactivatedAt: IsoDateTime.nullable(),
});
export type AdminOrganization = z.infer<typeof AdminOrganization>;

export const AdminOrganizationStatus = z.enum(['active', 'deactivated']);
export type AdminOrganizationStatus = z.infer<typeof AdminOrganizationStatus>;
export const AdminOrganizationSortingKey = z.enum(['name', 'people', 'devices', 'createdAt']);
export type AdminOrganizationSortingKey = z.infer<typeof AdminOrganizationSortingKey>;

/** `GET /api/admin/organizations`: search by name, status, sorting (by name by default), paging. */
export const AdminOrganizationListQuery = searchableListQuery({
  sortingKeys: AdminOrganizationSortingKey,
  maxTake: 100,
}).extend({ status: queryArray(AdminOrganizationStatus) });
export type AdminOrganizationListQuery = z.infer<typeof AdminOrganizationListQuery>;
export const AdminOrganizationPage = pageOf(AdminOrganization);
export type AdminOrganizationPage = z.infer<typeof AdminOrganizationPage>;

/** The first IT owner of a new organisation: mailed a link to set their password. */
export const FirstOwner = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: Email,
});
export type FirstOwner = z.infer<typeof FirstOwner>;

/** `POST /api/admin/organizations` (and `npm run admin -- create-organization`). */
export const CreateOrganizationRequest = z.object({
  organization: OrganizationProfile,
  owner: FirstOwner,
});
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequest>;

/** `PATCH /api/admin/organizations/:uuid`: a provider admin renames an organisation. */
export const RenameOrganizationRequest = z.object({ name: OrganizationName });
export type RenameOrganizationRequest = z.infer<typeof RenameOrganizationRequest>;

export const ORGANIZATION_MESSAGES = {
  notFound: 'Organization not found',
  emailUsed: (email: string) => `${email} is already in use`,
  deactivated: 'Your organisation has been deactivated in Equip. Ask your provider to reactivate it.',
  alreadyDeactivated: 'This organisation is already deactivated',
  notDeactivated: 'This organisation is not deactivated',
} as const;
