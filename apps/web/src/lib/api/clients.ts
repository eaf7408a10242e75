import { getAccessToken } from '../auth-tokens';
import { getBootConfig } from '../boot-config';
import { createApiClient } from './api-client';

/**
 * The three clients of SPEC §7. The auth issue adds the shared 401 refresh here: one
 * `onUnauthorized` (a single-flight refresh) passed to the platform and bundle clients.
 */
const { apiUrls } = getBootConfig();

export const platformApi = createApiClient({ baseUrl: apiUrls.platform, getAccessToken });
export const bundleApi = createApiClient({ baseUrl: apiUrls.bundle, getAccessToken });
export const webAppApi = createApiClient({ baseUrl: apiUrls.webapp, getAccessToken });
