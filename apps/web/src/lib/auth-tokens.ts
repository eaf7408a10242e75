import {
  ACCESS_TOKEN_COOKIE,
  AUTH_COOKIE_MAX_AGE_MS,
  REFRESH_TOKEN_COOKIE,
} from '@equip/domain/identity-rules';
import { deleteCookie, getCookie, setCookie } from './cookies';

/** Both tokens live in cookies that expire after about one year (SPEC §3, §9). */
export function getAccessToken(): string | undefined {
  return getCookie(ACCESS_TOKEN_COOKIE) || undefined;
}

export function getRefreshToken(): string | undefined {
  return getCookie(REFRESH_TOKEN_COOKIE) || undefined;
}

/** Whether this browser holds a session (an access or a refresh token cookie). */
export function hasSessionCookie(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}

/** Stores new tokens; without a new refresh token the old one is deleted (SPEC §4). */
export function storeTokens(tokens: { accessToken: string; refreshToken?: string | undefined }): void {
  setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, AUTH_COOKIE_MAX_AGE_MS);
  if (tokens.refreshToken) setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, AUTH_COOKIE_MAX_AGE_MS);
  else deleteCookie(REFRESH_TOKEN_COOKIE);
}

export function clearTokens(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
  deleteCookie(REFRESH_TOKEN_COOKIE);
}
