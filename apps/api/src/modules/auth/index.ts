// The identity module's public surface.

export type { LoggedIn, User } from './auth-part.ts';
export { cleanUpExpiredTokens } from './clean-up.ts';
export { authRoutes } from './routes.ts';
export { AuthService } from './service.ts';
