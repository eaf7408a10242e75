import type { RefreshRequest, RefreshResponse } from '@equip/domain/identity';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../auth-tokens';
import { getBootConfig } from '../boot-config';
import { endSession } from '../session-events';
import { createApiClient } from './api-client';
import { createUnauthorizedHandler, REFRESH_PATH } from './auth-refresh';

/**
 * The three clients of SPEC §7. The platform and bundle clients share one `onUnauthorized` (a
 * single-flight token refresh, see `auth-refresh.ts`).
 */
const { apiUrls } = getBootConfig();

/** Sends the refresh itself: no bearer token and no 401 handling of its own. */
const refreshClient = createApiClient({ baseUrl: apiUrls.platform, getAccessToken: () => undefined });

export const onUnauthorized = createUnauthorizedHandler({
  refresh: (refreshToken) =>
    refreshClient.post<RefreshResponse>(REFRESH_PATH, { refreshToken } satisfies RefreshRequest),
  getAccessToken,
  getRefreshToken,
  storeTokens,
  clearTokens,
  endSession,
});

export const platformApi = createApiClient({ baseUrl: apiUrls.platform, getAccessToken, onUnauthorized });
export const bundleApi = createApiClient({ baseUrl: apiUrls.bundle, getAccessToken, onUnauthorized });
export const webAppApi = createApiClient({ baseUrl: apiUrls.webapp, getAccessToken });
