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
});
export type BootConfig = z.infer<typeof BootConfig>;

export const BOOT_ELEMENT_ID = 'equip-boot';

export const DEFAULT_BOOT_CONFIG: BootConfig = {
  apiUrls: { platform: '/api', bundle: '/bundle-api', webapp: '' },
  flags: {},
  experiment: { mocked: true, deploymentKey: 'local', proxyUrl: '/experiment' },
  analytics: { writeKey: null, apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
  helpDeskUrl: 'https://support.equip.example/hc/requests/new',
};
