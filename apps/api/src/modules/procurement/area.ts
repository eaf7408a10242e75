import { procurementArea } from '@equip/domain/areas/procurement';
import { defineApiArea } from '../../define-area.ts';
import { procurementRoutes } from './routes.ts';
import { createProcurementService, type ProcurementService } from './service.ts';

declare module '../../app-services.ts' {
  interface AppServices {
    procurement: ProcurementService;
  }
}

/** Procurement (issue 31): the catalog, drafts and checkouts; its routes and its service, gathered in `src/areas.ts`. */
export const procurementApiArea = defineApiArea(procurementArea, {
  routes: [procurementRoutes],
  services: ({ database }) => ({ procurement: createProcurementService({ systemDb: database.db }) }),
  eventWords: { en: {}, de: {} },
});
