import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthService } from '../auth/index.ts';
import { OrganizationsAdmin } from './organizations-admin.ts';
import { InstallationSetup } from './setup.ts';

/** What the installation's services are built with (services.ts). */
export interface InstallationDeps {
  /** The system handle: the installation spans organisations. */
  db: Db;
  /** The system reads (lists/system-reads.ts) the organisations' table is read on. */
  reads: TenantReads;
  /** Signs the first person in, mails a first IT owner's invitation, ends a deactivated organisation's sessions. */
  auth: AuthService;
  /** The address the set-up link is printed with. */
  publicUrl: string;
}

/**
 * The installation: its set-up with a one-time link, and the organisations provider admins run (the
 * API and `npm run admin create-organization`).
 */
export function createInstallationService({ db, reads, auth, publicUrl }: InstallationDeps) {
  return {
    setup: new InstallationSetup(db, auth, publicUrl),
    organizations: new OrganizationsAdmin(db, reads, auth),
  };
}

export type InstallationService = ReturnType<typeof createInstallationService>;
