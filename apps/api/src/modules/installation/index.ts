// The installation module's public surface: its set-up and the organisations provider admins run.

export type { OrganizationsAdmin } from './organizations-admin.ts';
export type { InstallationSetup } from './setup.ts';
