// The single sign-on routes' paths, in a file without imports: the OIDC peer of the tests (also run
// from the Playwright specs, compiled for the browser's types) needs them and nothing else of sso.ts.

/** Where the identity provider sends the browser back with its code. */
export const SSO_CALLBACK_PATH = '/api/user/shared/auth/unprotected/sso/callback';
/** Where `sso/start` sends the browser: Equip's own step, which then redirects to the provider. */
export const SSO_AUTHORIZE_PATH = '/api/user/shared/auth/unprotected/sso/authorize';
