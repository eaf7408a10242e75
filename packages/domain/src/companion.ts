import { z } from 'zod';

/**
 * The companion desktop app (SPEC §2): the latest installers are served at these paths, one per
 * platform. The server answers them from the configured release folder and explains when none is
 * configured; the register-devices steps and the /companion page link to them.
 */
export const COMPANION_DOWNLOAD_PATHS = {
  macos: '/downloads/companion/latest.pkg',
  windows: '/downloads/companion/latest.exe',
} as const;
export type CompanionPlatform = keyof typeof COMPANION_DOWNLOAD_PATHS;

/**
 * `GET /api/companion/installers`: which installers this server has, so a page offers a download only
 * where one exists (asking the download paths themselves answered 404s the browser reports as errors).
 */
export const CompanionInstallers = z.object({ macos: z.boolean(), windows: z.boolean() });
export type CompanionInstallers = z.infer<typeof CompanionInstallers>;
