import { devicesArea } from '@equip/domain/areas/devices';
import { defineApiArea } from '../../define-area.ts';
import { deviceActionRoutes } from './actions-routes.ts';
import { MDM_JOB_RETRY_LIMIT, registerMdmJobs } from './index.ts';
import { registerInventorySyncJobs } from './mdm-inventory-sync.ts';
import { deviceRoutes } from './routes.ts';
import {
  createDeviceActionsService,
  createDevicesService,
  type DeviceActionsService,
  type DevicesService,
} from './service.ts';
import { softwareInstallRoutes } from './software-install-routes.ts';
import { createSoftwareInstallsService, type SoftwareInstallsService } from './software-installs.ts';
import { registerOfferJobs } from './software-offers.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    devices: DevicesService;
    deviceActions: DeviceActionsService;
    softwareInstalls: SoftwareInstallsService;
  }
}

/**
 * Devices (their enrolment and registration reminders included in the events).
 * Its routes, its service and its events in words, gathered in `src/areas.ts`.
 */
export const devicesApiArea = defineApiArea(devicesArea, {
  routes: [deviceRoutes, deviceActionRoutes, softwareInstallRoutes],
  services: ({ jobs, flags, mdm }) => ({
    devices: createDevicesService({ jobs, mdm }),
    deviceActions: createDeviceActionsService({ jobs, readFlags: flags.values, mdm }),
    softwareInstalls: createSoftwareInstallsService({ jobs }),
  }),
  eventWords: {
    en: {
      DEVICE_ADDED: 'Device added',
      DEVICE_UPDATED: 'Device changed',
      DEVICE_ASSIGNED: 'Device assigned',
      DEVICE_UNASSIGNED: 'Device unassigned',
      DEVICE_STATUS_CHANGED: 'Device status changed',
      DEVICE_ENROLLED: 'Device enrolled',
      DEVICE_ACTION_SENT: 'Device action sent',
      DEVICE_ACTION_COMPLETED: 'Device action completed',
      DEVICE_RETURNED: 'Device returned',
      SOFTWARE_PATCHED: 'Software patched',
      SECURITY_ALERT: 'Security alert',
      DEVICE_REGISTRATION_REMINDER_SENT: 'Registration reminder sent',
    },
    de: {
      DEVICE_ADDED: 'Gerät hinzugefügt',
      DEVICE_UPDATED: 'Gerät geändert',
      DEVICE_ASSIGNED: 'Gerät zugewiesen',
      DEVICE_UNASSIGNED: 'Gerätezuweisung aufgehoben',
      DEVICE_STATUS_CHANGED: 'Gerätestatus geändert',
      DEVICE_ENROLLED: 'Gerät registriert',
      DEVICE_ACTION_SENT: 'Geräteaktion gesendet',
      DEVICE_ACTION_COMPLETED: 'Geräteaktion abgeschlossen',
      DEVICE_RETURNED: 'Gerät zurückgegeben',
      SOFTWARE_PATCHED: 'Software aktualisiert',
      SECURITY_ALERT: 'Sicherheitswarnung',
      DEVICE_REGISTRATION_REMINDER_SENT: 'Registrierungserinnerung gesendet',
    },
  },
  jobs: {
    // A provider that is down is tried again for a few minutes, then the command fails visibly.
    policies: {
      'mdm.command': {
        retryLimit: MDM_JOB_RETRY_LIMIT,
        retryDelaySeconds: 10,
        expireInSeconds: 120,
        batchSize: 1,
        workers: 3,
      },
      'mdm.check': {
        retryLimit: MDM_JOB_RETRY_LIMIT,
        retryDelaySeconds: 10,
        expireInSeconds: 120,
        batchSize: 1,
        workers: 3,
      },
      // An offer in self service: tried again like a command while the provider is away.
      'mdm.offer': {
        retryLimit: MDM_JOB_RETRY_LIMIT,
        retryDelaySeconds: 10,
        expireInSeconds: 120,
        batchSize: 1,
        workers: 2,
      },
      // The inventory sync (decision 025): a failure is recorded on the connection, not thrown, so a
      // retry is only for a crashed try; a sync of 10,000 devices takes well under the hour it may run.
      'mdm.inventory.plan': { retryLimit: 3, retryDelaySeconds: 30, batchSize: 1 },
      'mdm.inventory.sync': {
        retryLimit: 1,
        retryDelaySeconds: 60,
        expireInSeconds: 3600,
        batchSize: 1,
        workers: 2,
      },
    },
    register: (jobs, { database, mdm, log }) => {
      registerMdmJobs(jobs, { db: database.db, mdm, log });
      registerOfferJobs(jobs, { db: database.db, mdm, log });
      registerInventorySyncJobs(jobs, { db: database.db, mdm, log });
    },
    // Hourly like the connections' re-check (at :41), at :11: each connected MDM's devices are read
    // into Equip's within the hour of a change at the MDM.
    schedules: { 'mdm.inventory.plan': '11 * * * *' },
  },
});
