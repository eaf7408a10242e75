// The provider-admins module's public surface.
export { providerAdminRoutes } from './routes.ts';
export { ProviderAdminsService } from './service.ts';
