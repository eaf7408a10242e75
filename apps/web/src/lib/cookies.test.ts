import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import { describe, expect, it } from 'vitest';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './auth-tokens';
import { deleteCookie, getCookie, setCookie } from './cookies';

describe('cookies', () => {
  it('sets, reads (decoded) and deletes a cookie', () => {
    setCookie('equip_test', 'a b;c', 60_000);
    expect(getCookie('equip_test')).toBe('a b;c');
    expect(getCookie('equip_tes')).toBeUndefined();
    deleteCookie('equip_test');
    expect(getCookie('equip_test')).toBeUndefined();
  });
});

describe('auth tokens', () => {
  it('stores both tokens in the spec cookies', () => {
    storeTokens({ accessToken: 'acc', refreshToken: 'ref' });
    expect(getCookie(ACCESS_TOKEN_COOKIE)).toBe('acc');
    expect(getAccessToken()).toBe('acc');
    expect(getRefreshToken()).toBe('ref');
  });

  it('deletes the refresh token when a refresh returns none', () => {
    storeTokens({ accessToken: 'acc', refreshToken: 'ref' });
    storeTokens({ accessToken: 'acc2' });
    expect(getAccessToken()).toBe('acc2');
    expect(getCookie(REFRESH_TOKEN_COOKIE)).toBeUndefined();
  });

  it('clears both', () => {
    storeTokens({ accessToken: 'acc', refreshToken: 'ref' });
    clearTokens();
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('writes SameSite=Strict cookies for a year, Secure over HTTPS', () => {
    const written: string[] = [];
    const fakeDocument = (protocol: string) =>
      ({
        location: { protocol },
        set cookie(value: string) {
          written.push(value);
        },
      }) as unknown as Document;
    setCookie('t', 'v', 31536e6, fakeDocument('https:'));
    setCookie('t', 'v', 31536e6, fakeDocument('http:'));
    expect(written[0]).toBe('t=v; max-age=31536000; path=/; samesite=strict; secure');
    expect(written[1]).toBe('t=v; max-age=31536000; path=/; samesite=strict');
  });
});
