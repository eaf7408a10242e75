import { z } from 'zod';

/**
 * The MDM services a device can be managed through (decision 012). A file of its own, importing nothing
 * of the domain, so the areas' declarations (the MDM connection check's job names a provider) can use
 * it without an import cycle; `devices.ts` re-exports it.
 */
export const MdmProvider = z.enum(['MANAGE_ENGINE', 'FLEET', 'JAMF']);
export type MdmProvider = z.infer<typeof MdmProvider>;
