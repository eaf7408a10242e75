import { z } from 'zod';

/**
 * Registering an organisation's company devices (SPEC §2 `/dashboard/devices/register-devices`, and
 * `/dashboard/devices?registerType=…`; SPEC §3 "Organization setup").
 */

/** The platform whose registration steps are shown (the `registerType` query parameter). */
export const RegisterType = z.enum(['windows', 'macos', 'ios']);
export type RegisterType = z.infer<typeof RegisterType>;

/** The `registerType` of an address, or null when it names none of them. */
export function parseRegisterType(value: string | null | undefined): RegisterType | null {
  const parsed = RegisterType.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The organisation-setup flag that records "Skip for now" on each platform's steps. */
export const REGISTRATION_SKIPPED_FLAG = {
  windows: 'windowsRegistrationSkipped',
  macos: 'macRegistrationSkipped',
  ios: 'iosRegistrationSkipped',
} as const satisfies Record<RegisterType, string>;

/**
 * A change to the organisation's setup progress. `testDeviceRegistrationStarted: true` records when a
 * test device's registration was first started (the server's clock); `false` clears it.
 */
export const UpdateOrganizationSetup = z
  .object({
    windowsRegistrationSkipped: z.boolean().optional(),
    macRegistrationSkipped: z.boolean().optional(),
    iosRegistrationSkipped: z.boolean().optional(),
    testDeviceRegistrationStarted: z.boolean().optional(),
  })
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: 'Name at least one setup step to change',
  });
export type UpdateOrganizationSetup = z.infer<typeof UpdateOrganizationSetup>;
