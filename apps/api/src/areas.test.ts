import { EventType } from '@equip/domain/audit-log';
import { JOBS } from '@equip/domain/jobs';
import type { ShippedLocale } from '@equip/domain/locale';
import { toyArea } from '@equip/domain/test/toy-area';
import { describe, expect, it } from 'vitest';
import type { AppServices, ModuleRoutes } from './app-services.ts';
import { API_AREAS, API_REGISTRY, EVENT_WORDS } from './areas.ts';
import type { AppJobs } from './background/app-job-types.ts';
import { loadConfig } from './config/env.ts';
import { defineApiArea, gatherApiAreas, type JobDeps, type ModuleDeps } from './define-area.ts';

/** The toy area's module, declared as a module declares its own (test-only: no registry lists it). */
const registered: string[] = [];
const toyRoutes: ModuleRoutes = (_app, services) => {
  registered.push(`toy routes with ${Object.hasOwn(services, 'config') ? 'the services' : 'nothing'}`);
};
const createToysService = ({ jobs }: Pick<ModuleDeps, 'jobs'>) => ({ repair: () => jobs !== undefined });
const toyApiArea = defineApiArea(toyArea, {
  routes: [toyRoutes],
  services: ({ jobs }) => ({ toys: createToysService({ jobs }) }),
  eventWords: {
    en: { TOY_ADDED: 'Toy added', TOY_BROKEN: 'Toy broken' },
    de: { TOY_ADDED: 'Spielzeug hinzugefügt', TOY_BROKEN: 'Spielzeug kaputt' },
  },
});

describe("the API's areas registry", () => {
  it('names every event type of the domain in each language', () => {
    expect(Object.keys(EVENT_WORDS.en).sort()).toEqual([...EventType.options].sort());
    expect(Object.keys(EVENT_WORDS.de).sort()).toEqual([...EventType.options].sort());
    expect(EVENT_WORDS.de.MDM_CONNECTION_RESTORED).toBe('MDM-Serververbindung funktioniert wieder');
  });

  it('registers the modules’ routes in the order app.ts always had them', () => {
    expect(API_AREAS.map((area) => area.name)).toEqual([
      'health',
      'flags',
      'auth',
      'employees',
      'devices',
      'mdm-connections',
      'enrollment',
      'organizations',
      'installation',
      'outbox',
      'provider-admins',
      'notifications',
      'audit-log',
      'jobs-admin',
      'webhooks',
      'assets',
      'bundles',
      'integrations',
      'procurement',
      'workspaces',
    ]);
    expect(API_REGISTRY.routes).toHaveLength(27);
  });

  it('registers a toy module through the same registry: its routes, its service and its words', async () => {
    const withToy = gatherApiAreas([...API_AREAS, toyApiArea]);
    expect(withToy.routes.at(-1)).toBe(toyRoutes);
    expect(withToy.eventWords.de.TOY_BROKEN).toBe('Spielzeug kaputt');
    expect(withToy.eventWords.en.USER_ADDED).toBe('Employee added');
    const deps = { jobs: {} } as ModuleDeps;
    const built = gatherApiAreas([toyApiArea]).services(deps);
    expect(built.toys.repair()).toBe(true);
    await withToy.routes.at(-1)?.({} as never, { config: {} } as AppServices);
    expect(registered).toEqual(['toy routes with the services']);
  });

  it("gives every job of the domain a handler and a policy from its module (the app's maintenance aside)", () => {
    const handled: string[] = [];
    const jobs = { handle: (name: string) => handled.push(name) } as unknown as AppJobs;
    // The configuration of a start without settings: a module may choose its adapters by it.
    API_REGISTRY.jobs.register(jobs, { database: { db: {} }, config: loadConfig({}) } as unknown as JobDeps);
    const modules = Object.keys(JOBS).filter((name) => name !== 'maintenance.clean-up');
    expect(handled.sort()).toEqual(modules.sort());
    expect(Object.keys(API_REGISTRY.jobs.policies).sort()).toEqual(modules.sort());
    expect(API_REGISTRY.jobs.schedules).toEqual({
      'reminders.plan': '*/15 * * * *',
      'mdm.connections.plan': '41 * * * *',
      'mdm.inventory.plan': '11 * * * *',
      'integrations.plan': '47 * * * *',
      'integrations.sync.plan': '17 * * * *',
      'workspaces.plan': '53 * * * *',
    });
  });

  it('refuses a service two modules build', () => {
    const twin = defineApiArea({ name: 'twin', events: [] }, { routes: [], services: () => ({ toys: 1 }) });
    expect(() => gatherApiAreas([toyApiArea, twin]).services({ jobs: {} } as ModuleDeps)).toThrow(
      'Service toys is built by two modules',
    );
  });

  it('fails to compile when a module lacks a word (compile-time)', () => {
    type ToyEvent = (typeof toyArea.events)[number];
    // @ts-expect-error: the toy's module is not gathered, so its events have no words
    const without: Record<ShippedLocale, Record<EventType | ToyEvent, string>> = gatherApiAreas(
      API_AREAS,
    ).eventWords;
    expect(Object.keys(without.en)).not.toContain('TOY_ADDED');
    const german = { TOY_ADDED: 'Spielzeug hinzugefügt' };
    // @ts-expect-error: a module's declaration lacks one of its area's event types in German
    defineApiArea(toyArea, { routes: [], eventWords: { en: toyApiArea.eventWords.en, de: german } });
  });
});
