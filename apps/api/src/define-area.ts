import type { AreaDeclaration } from '@equip/domain/define-area';
import type { ShippedLocale } from '@equip/domain/locale';

/**
 * What a module gives the API's shared machinery for its area (issue 25, item 8): for now its event
 * types in words for the files people read (the audit log's export), in each shipped language. Each
 * module declares its own in `modules/<area>/area.ts`, typed by the area's declaration in the domain
 * (`@equip/domain/areas/<area>`), so a word it lacks fails to compile there; `src/areas.ts` lists the
 * modules' declarations and gathers them. An area.ts imports only the domain (the export machinery reads
 * the registry, and the modules use the export machinery).
 */

// biome-ignore lint/suspicious/noExplicitAny: any domain declaration, whatever its names
type AnyDomainArea = AreaDeclaration<any, any, any, any>;

export interface ApiArea<E extends string = string> {
  name: string;
  /** Each event type of the area in words, as the web's catalog has them (`imports/words.test.ts`). */
  eventWords: Record<ShippedLocale, Record<E, string>>;
}

/** Declares a module's part of the registries for the area its domain declaration describes. */
export function defineApiArea<const D extends AnyDomainArea>(
  domain: D,
  area: Omit<ApiArea<D['events'][number]>, 'name'>,
): ApiArea<D['events'][number]> {
  return { name: domain.name, ...area };
}

// biome-ignore lint/suspicious/noExplicitAny: any module's declaration, whatever its names
type AnyApiArea = ApiArea<any>;
type EventOfArea<T> = T extends ApiArea<infer E> ? E : never;
type EventOf<A extends readonly AnyApiArea[]> = EventOfArea<A[number]>;

export interface GatheredApiAreas<A extends readonly AnyApiArea[]> {
  eventWords: Record<ShippedLocale, Record<EventOf<A>, string>>;
}

/** The registries of a list of modules' declarations, in the list's order. */
export function gatherApiAreas<const A extends readonly AnyApiArea[]>(areas: A): GatheredApiAreas<A> {
  const words = (locale: ShippedLocale) =>
    Object.assign({}, ...areas.map((area) => area.eventWords[locale])) as Record<EventOf<A>, string>;
  return { eventWords: { en: words('en'), de: words('de') } };
}
