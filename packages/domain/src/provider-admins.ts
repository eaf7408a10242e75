import { z } from 'zod';
import { IsoDateTime, pageOf, queryArray, searchableListQuery, Uuid } from './common.ts';
import { Email } from './identity.ts';

/**
 * Provider admins (role equip-admin) run the installation and act for one organisation at a time. They
 * are nobody's employees: they live in the provider organisation and are managed only here (by other
 * provider admins) and with `npm run admin`.
 */
export const ProviderAdmin = z.object({
  uuid: Uuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** When the invitation (set-password link) was last mailed. */
  invitedAt: IsoDateTime.nullable(),
  /** False until the person has set a password. */
  hasPassword: z.boolean(),
  createdAt: IsoDateTime,
});
export type ProviderAdmin = z.infer<typeof ProviderAdmin>;

/** `active`: has set a password; `invited`: not yet. */
export const ProviderAdminStatus = z.enum(['active', 'invited']);
export type ProviderAdminStatus = z.infer<typeof ProviderAdminStatus>;
export const ProviderAdminSortingKey = z.enum(['name', 'email', 'invitedAt']);
export type ProviderAdminSortingKey = z.infer<typeof ProviderAdminSortingKey>;

/** `GET /api/admin/provider-admins`: search (name, email), status, sorting (by name by default), paging. */
export const ProviderAdminListQuery = searchableListQuery({
  sortingKeys: ProviderAdminSortingKey,
  maxTake: 100,
}).extend({ status: queryArray(ProviderAdminStatus) });
export type ProviderAdminListQuery = z.infer<typeof ProviderAdminListQuery>;
export const ProviderAdminPage = pageOf(ProviderAdmin);
export type ProviderAdminPage = z.infer<typeof ProviderAdminPage>;

export const CreateProviderAdminRequest = z.object({
  email: Email,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export type CreateProviderAdminRequest = z.infer<typeof CreateProviderAdminRequest>;

/**
 * An email that accounts shared before an email identified one account in the whole installation
 * (migration 0029). None of them signs in by email, resets a password or enrols a device until a
 * provider admin (or the organisation's it-owner) gives all but one of them another email.
 */
export const EmailConflict = z.object({
  email: z.string(),
  accounts: z.array(
    z.object({
      uuid: Uuid,
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      organizationUuid: Uuid,
      organizationName: z.string(),
    }),
  ),
});
export type EmailConflict = z.infer<typeof EmailConflict>;

export const EmailConflictList = z.object({ items: z.array(EmailConflict) });
export type EmailConflictList = z.infer<typeof EmailConflictList>;

export const PROVIDER_ADMIN_MESSAGES = {
  emailUsed: (email: string) => `${email} is already in use`,
  notYourself: 'You cannot disable your own account; ask another provider admin',
  lastOne: 'The installation needs at least one provider admin',
  notFound: 'Provider admin not found',
} as const;
