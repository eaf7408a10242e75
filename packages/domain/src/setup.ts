import { z } from 'zod';
import { IsoDateTime } from './common.ts';
import { Email, EncryptedPassword } from './identity.ts';
import { Locale } from './locale.ts';
import { OrganizationProfile } from './organizations.ts';

/**
 * Setting up an installation that has no organisation and no provider admin yet (no demo): the server
 * prints a one-time link to `/setup?token=…`; its page creates the first organisation with its first
 * IT owner, or the first provider admin with the organisation they act for first.
 */

/** The address of the set-up page (the token is its query parameter). */
export const SETUP_PAGE_PATH = '/setup';

/** `POST /api/setup/check`: whether a set-up link still works (before the form is filled in). */
export const SetupLinkRequest = z.object({ token: z.string().min(1).max(200) });
export type SetupLinkRequest = z.infer<typeof SetupLinkRequest>;
export const SetupLinkState = z.object({ expiresAt: IsoDateTime });
export type SetupLinkState = z.infer<typeof SetupLinkState>;

/**
 * `organization`: one organisation runs Equip for itself, and the person is its first IT owner.
 * `provider`: Equip runs for several organisations, and the person is its first provider admin, who
 * acts for the first organisation and adds the others later.
 */
export const InstallationKind = z.enum(['organization', 'provider']);
export type InstallationKind = z.infer<typeof InstallationKind>;

/** The person who sets Equip up, with the password they sign in with from now on (encrypted). */
export const SetupPerson = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: Email,
  encryptedPassword: EncryptedPassword,
  /** The language of the set-up page: mail goes out in it (null follows the browser). */
  locale: Locale.nullable().optional(),
});
export type SetupPerson = z.infer<typeof SetupPerson>;

/** `POST /api/setup`: answers the person's tokens (signed in) and the organisation's first setup step. */
export const InstallationSetupRequest = z.object({
  token: z.string().min(1).max(200),
  kind: InstallationKind,
  organization: OrganizationProfile,
  person: SetupPerson,
});
export type InstallationSetupRequest = z.infer<typeof InstallationSetupRequest>;

export const SETUP_MESSAGES = {
  invalidLink: 'This set-up link is invalid, used or expired. Restart Equip to print a new one.',
  alreadySetUp: 'Equip is already set up. Sign in instead.',
} as const;
