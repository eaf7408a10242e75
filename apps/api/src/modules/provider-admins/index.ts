// The provider-admins module's public surface.
export { ProviderAdminsService } from './service.ts';
