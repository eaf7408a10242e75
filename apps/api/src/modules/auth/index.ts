// The identity module's public surface.

export type { LoggedIn, User } from './auth-part.ts';
export { AuthService } from './auth-service.ts';
export { cleanUpExpiredTokens } from './clean-up.ts';
export type { EnrollingPerson } from './enrollment-codes.ts';
export type { NewAccount } from './organization-accounts.ts';
export { randomToken, sha256 } from './secrets.ts';
