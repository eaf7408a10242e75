import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
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

export const ProviderAdminList = z.object({ items: z.array(ProviderAdmin) });
export type ProviderAdminList = z.infer<typeof ProviderAdminList>;

export const CreateProviderAdminRequest = z.object({
  email: Email,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export type CreateProviderAdminRequest = z.infer<typeof CreateProviderAdminRequest>;

export const PROVIDER_ADMIN_MESSAGES = {
  emailUsed: (email: string) => `${email} is already a provider admin`,
  notYourself: 'You cannot disable your own account; ask another provider admin',
  lastOne: 'The installation needs at least one provider admin',
  notFound: 'Provider admin not found',
} as const;
