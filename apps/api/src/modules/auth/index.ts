// The identity module's public surface.

export type { LoggedIn, User } from './auth-part.ts';
export { cleanUpExpiredTokens } from './clean-up.ts';
export type { EnrollingPerson } from './enrollment-codes.ts';
export { authRoutes } from './routes.ts';
export { randomToken, sha256 } from './secrets.ts';
export { AuthService } from './service.ts';
