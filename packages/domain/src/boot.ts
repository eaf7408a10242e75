import { z } from 'zod';
import { FlagValues } from './flags.ts';

/**
 * What the server supplies with the page (a JSON script tag `#equip-boot` in index.html): where the
 * APIs live, the initial feature flags and how the experimentation and analytics clients start.
 */
export const BootConfig = z.object({
  apiUrls: z.object({ platform: z.string(), bundle: z.string(), webapp: z.string() }),
  flags: FlagValues,
  experiment: z.object({
    /** In mocked mode no experimentation client is started; flags stay the initial ones. */
    mocked: z.boolean(),
    deploymentKey: z.string(),
    /** Same-origin proxy the client calls for variants and flags. */
    proxyUrl: z.string(),
  }),
  analytics: z.object({ writeKey: z.string().nullable(), apiHost: z.string(), cdnUrl: z.string() }),
  helpDeskUrl: z.string(),
  /**
   * The addresses of SPEC §2's hosts (the server's PUBLIC_URL, ENROLMENT_URL, COMPANION_URL,
   * MARKETING_URL, SUPPORT_URL). Empty means this page's own origin (the dev server, tests).
   */
  urls: z.object({
    platform: z.string(),
    enrolment: z.string(),
    companion: z.string(),
    marketing: z.string(),
    support: z.string(),
  }),
});
export type BootConfig = z.infer<typeof BootConfig>;
