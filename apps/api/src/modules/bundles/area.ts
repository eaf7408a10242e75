import { bundlesArea } from '@equip/domain/areas/bundles';
import { withTenant } from '../../db/tenancy.ts';
import { defineApiArea } from '../../define-area.ts';
import { requestSoftwareFor } from '../devices/index.ts';
import { bundleRoutes } from './routes.ts';
import { type BundlesService, createBundlesService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    bundles: BundlesService;
  }
}

/** Bundles and applications (issue 29): the bundle API's routes, its service and its events in words. */
export const bundlesApiArea = defineApiArea(bundlesArea, {
  routes: [bundleRoutes],
  services: ({ jobs }) => ({ bundles: createBundlesService({ jobs }) }),
  jobs: {
    // Queuing a batch's commands is one transaction: a retry after a crash queues what is not queued yet
    // (requestSoftwareFor leaves a command that is already open alone).
    policies: { 'bundles.effect': { retryLimit: 3, retryDelaySeconds: 10, batchSize: 1 } },
    register: (jobs, { database }) =>
      jobs.handle(
        'bundles.effect',
        async ({ organizationUuid, actorUuid, userUuids, install, uninstall, offer, withdraw }) => {
          await withTenant(database.db, organizationUuid, async (tx) => {
            await requestSoftwareFor(
              tx,
              jobs,
              { organizationUuid, userUuid: actorUuid },
              { userUuids, install, uninstall, offer, withdraw },
            );
          });
          jobs.kick('mdm.command');
          jobs.kick('mdm.offer');
        },
      ),
  },
  eventWords: {
    en: {
      BUNDLE_CREATED: 'Bundle created',
      BUNDLE_UPDATED: 'Bundle changed',
      BUNDLE_DELETED: 'Bundle deleted',
      BUNDLE_APPLICATIONS_CHANGED: 'Bundle applications changed',
      BUNDLE_EMPLOYEE_ASSIGNED: 'Bundle assigned',
      BUNDLE_EMPLOYEE_UNASSIGNED: 'Bundle unassigned',
      BUNDLE_SETTINGS_CHANGED: 'Default management mode changed',
      BUNDLE_INSTALL_FAILED: 'Bundle application failed to install',
    },
    de: {
      BUNDLE_CREATED: 'Bundle erstellt',
      BUNDLE_UPDATED: 'Bundle geändert',
      BUNDLE_DELETED: 'Bundle gelöscht',
      BUNDLE_APPLICATIONS_CHANGED: 'Bundle-Anwendungen geändert',
      BUNDLE_EMPLOYEE_ASSIGNED: 'Bundle zugewiesen',
      BUNDLE_EMPLOYEE_UNASSIGNED: 'Bundle-Zuweisung aufgehoben',
      BUNDLE_SETTINGS_CHANGED: 'Standard-Verwaltungsmodus geändert',
      BUNDLE_INSTALL_FAILED: 'Installation einer Bundle-Anwendung fehlgeschlagen',
    },
  },
});
