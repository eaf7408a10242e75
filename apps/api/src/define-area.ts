import type { EventType } from '@equip/domain/audit-log';
import type { AreaDeclaration } from '@equip/domain/define-area';
import type { JobName } from '@equip/domain/jobs';
import type { ShippedLocale } from '@equip/domain/locale';
import type { CoreServices, ModuleRoutes } from './app-services.ts';
import type { AppJobs } from './background/app-job-types.ts';
import type { QueuePolicy } from './background/job-runner.ts';
import type { systemReads } from './lists/system-reads.ts';
import type { SmtpDelivery } from './providers/mail/mailer.ts';

/**
 * What a module gives the API (issue 25, item 8): its routes, its service(s) built with its factory, and
 * its event types in words for the files people read (the audit log's export), in each shipped language.
 * Each module declares its own in `modules/<area>/area.ts` (`defineApiArea`), typed by its area's
 * declaration in the domain (`@equip/domain/areas/<area>`) when it has one, so a word it lacks fails to
 * compile there; `src/areas.ts` lists the modules, `app.ts` registers their routes in the list's order and
 * `services.ts` builds their services. The module adds its service's type to `AppServices` in the same
 * file (`declare module '../../app-services.ts'`).
 */

/** What a module's services are built from: the core services, the system reads and the event words. */
export interface ModuleDeps extends CoreServices {
  /** What spans organisations (the installation's organisations, provider admins), on the system handle. */
  reads: ReturnType<typeof systemReads>;
  /** Every event type in words, in each shipped language (gathered from the modules' declarations). */
  eventWords: Record<ShippedLocale, Record<EventType, string>>;
}

/** What a module's job handlers are built from (the job queue's own process may serve no requests). */
export interface JobDeps
  extends Pick<CoreServices, 'config' | 'database' | 'mailer' | 'mdm' | 'hr' | 'workspace' | 'webhooks'> {
  /** The SMTP delivery when SMTP_URL is set (mail is queued only then). */
  smtp: SmtpDelivery | null;
  /** The process log of the jobs' warnings (a failed MDM try and its next one). */
  log: { warn(details: object, message: string): void };
}

/** A module's background jobs (their names and payloads are its area's, in the domain's declaration). */
export interface ModuleJobs {
  /** Retries and workers of its queues (decision 009). */
  policies?: Partial<Record<JobName, Partial<QueuePolicy>>>;
  /** Registers its handlers (before `jobs.start()`). */
  register?: (jobs: AppJobs, deps: JobDeps) => void;
  /** Its recurring jobs and when they run (cron; pg-boss keeps one schedule per name). */
  schedules?: Partial<Record<JobName, string>>;
}

/** A module without an area in the domain (no events of its own): its name and no events. */
interface NoDomainArea {
  name: string;
  events: readonly [];
}
// biome-ignore lint/suspicious/noExplicitAny: any domain declaration, whatever its names
type AnyDomainArea = AreaDeclaration<any, any, any, any> | NoDomainArea;

export interface ApiArea<E extends string = string, S extends object = object> {
  name: string;
  /** Its routes, registered in this order (each a plugin taking `AppServices`). */
  routes: readonly ModuleRoutes[];
  /** Builds its service(s), once, under the names `AppServices` has them. */
  services: (deps: ModuleDeps) => S;
  /** Each event type of the area in words, as the web's catalog has them (`imports/words.test.ts`). */
  eventWords: Record<ShippedLocale, Record<E, string>>;
  /** Its background jobs' policies, handlers and schedules. */
  jobs: ModuleJobs;
}

type EventsOf<D extends AnyDomainArea> = D['events'][number];
type Input<D extends AnyDomainArea, S extends object> = {
  routes: readonly ModuleRoutes[];
  services?: (deps: ModuleDeps) => S;
  jobs?: ModuleJobs;
} & ([EventsOf<D>] extends [never]
  ? { eventWords?: Record<ShippedLocale, Record<never, string>> }
  : { eventWords: Record<ShippedLocale, Record<EventsOf<D>, string>> });

/** Declares a module for the area its domain declaration describes (or a module of no area's events). */
export function defineApiArea<const D extends AnyDomainArea, S extends object = Record<never, never>>(
  domain: D,
  area: Input<D, S>,
): ApiArea<EventsOf<D>, S> {
  const words = (area.eventWords ?? { en: {}, de: {} }) as Record<ShippedLocale, Record<EventsOf<D>, string>>;
  return {
    name: domain.name,
    routes: area.routes,
    services: area.services ?? (() => ({}) as S),
    eventWords: words,
    jobs: area.jobs ?? {},
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any module's declaration, whatever its names
type AnyApiArea = ApiArea<any, any>;
type EventOfArea<T> = T extends ApiArea<infer E, object> ? E : never;
type ServicesOfArea<T> = T extends ApiArea<string, infer S> ? S : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Merged<U> = { [K in keyof UnionToIntersection<U>]: UnionToIntersection<U>[K] };

export interface GatheredApiAreas<A extends readonly AnyApiArea[]> {
  /** Every module's routes, module by module in the list's order. */
  routes: readonly ModuleRoutes[];
  /** Builds every module's services. */
  services: (deps: ModuleDeps) => Merged<ServicesOfArea<A[number]>>;
  eventWords: Record<ShippedLocale, Record<EventOfArea<A[number]>, string>>;
  /** Every module's jobs: the policies of their queues, their handlers, their schedules. */
  jobs: Required<ModuleJobs>;
}

/** The registries of a list of modules' declarations. A service name two modules give throws. */
export function gatherApiAreas<const A extends readonly AnyApiArea[]>(areas: A): GatheredApiAreas<A> {
  const words = (locale: ShippedLocale) =>
    Object.assign({}, ...areas.map((area) => area.eventWords[locale])) as Record<
      EventOfArea<A[number]>,
      string
    >;
  return {
    routes: areas.flatMap((area) => area.routes),
    services: (deps) => {
      const built: Record<string, unknown> = {};
      for (const area of areas)
        for (const [name, service] of Object.entries(area.services(deps))) {
          if (name in built) throw new Error(`Service ${name} is built by two modules`);
          built[name] = service;
        }
      return built as Merged<ServicesOfArea<A[number]>>;
    },
    eventWords: { en: words('en'), de: words('de') },
    jobs: {
      policies: Object.assign({}, ...areas.map((area) => area.jobs.policies)),
      register: (jobs, deps) => {
        for (const area of areas) area.jobs.register?.(jobs, deps);
      },
      schedules: Object.assign({}, ...areas.map((area) => area.jobs.schedules)),
    },
  };
}
