import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import { WorkspaceProvider } from './integrations.ts';
import { TimeZone } from './locale.ts';

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
