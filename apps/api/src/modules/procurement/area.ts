import { procurementArea } from '@equip/domain/areas/procurement';
import { defineApiArea } from '../../define-area.ts';
import { procurementAdapterOf } from '../../providers/procurement/procurement-adapters.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { hardwareRequestRoutes } from './hardware-request-routes.ts';
import { createHardwareRequestService, type HardwareRequestService } from './hardware-requests.ts';
import { registerProcurementJobs } from './orders.ts';
import { procurementRoutes } from './routes.ts';
import { createProcurementService, type ProcurementService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    procurement: ProcurementService;
    hardwareRequests: HardwareRequestService;
  }
}

/** Procurement (issue 31): the catalog, drafts and checkouts; its routes and its service, gathered in `src/areas.ts`. */
export const procurementApiArea = defineApiArea(procurementArea, {
  routes: [procurementRoutes, hardwareRequestRoutes],
  services: ({ database, jobs, config, keys }) => ({
    procurement: createProcurementService({
      systemDb: database.db,
      jobs,
      adapter: procurementAdapterOf(config.procurement),
      webhookKey: sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.procurementWebhooks),
    }),
    hardwareRequests: createHardwareRequestService(),
  }),
  jobs: {
    // A step the provider could not answer (down, told to fail) is tried again; each step is one job.
    policies: {
      'procurement.checkout': { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 1 },
      'procurement.order': { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 120, batchSize: 1 },
    },
    register: (jobs, { database, config, log }) =>
      registerProcurementJobs(jobs, {
        db: database.db,
        adapter: procurementAdapterOf(config.procurement),
        log,
      }),
  },
  eventWords: {
    en: {
      ORDER_STATUS_CHANGED: 'Order status changed',
      ORDER_SHIPPED: 'Order shipped',
      ORDER_STUCK: 'Order held up',
      HARDWARE_REQUEST_CREATED: 'Hardware requested',
      HARDWARE_REQUEST_APPROVED: 'Hardware request approved',
      HARDWARE_REQUEST_DECLINED: 'Hardware request declined',
    },
    de: {
      ORDER_STATUS_CHANGED: 'Bestellstatus geändert',
      ORDER_SHIPPED: 'Bestellung versandt',
      ORDER_STUCK: 'Bestellung aufgehalten',
      HARDWARE_REQUEST_CREATED: 'Hardware angefragt',
      HARDWARE_REQUEST_APPROVED: 'Hardware-Anfrage genehmigt',
      HARDWARE_REQUEST_DECLINED: 'Hardware-Anfrage abgelehnt',
    },
  },
});
