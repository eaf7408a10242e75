import type { AreaDeclaration } from '@equip/domain/define-area';
import type { MessageDescriptor } from '@lingui/core';
import type { z } from 'zod';

/**
 * What an area's feature gives the shared screens (issue 25, item 8): its event types in words (the
 * audit log), its webhook groups and types in words (the webhooks page) and its notifications' texts
 * and links (the notifications panel). Each feature declares its own in `features/<area>/area.ts`,
 * typed by the area's declaration in the domain (`@equip/domain/areas/<area>`), so a word it lacks
 * fails to compile there; `src/areas.ts` lists the features' declarations and gathers the registries.
 */

/** Where a notification leads: the page of the record it is about, and what the link says. */
export interface NotificationLink {
  to: string;
  label: string;
}

/** What a notification says and where it leads. */
export interface NotificationText {
  title: string;
  body: string | null;
  /** The record's page; none only for the words of a notification from before they were data. */
  link: NotificationLink | null;
}

// biome-ignore lint/suspicious/noExplicitAny: any domain declaration, whatever its names
type AnyDomainArea = AreaDeclaration<any, any, any, any>;

type EventOf<D extends AnyDomainArea> = D['events'][number];
type GroupOf<D extends AnyDomainArea> = keyof D['webhookGroups'] & string;
type WebhookOf<D extends AnyDomainArea> = D['webhookGroups'][GroupOf<D>][number];
type KindOf<D extends AnyDomainArea> = keyof D['notificationParams'] & string;

/** The words and texts of one area. */
export interface WebArea<
  E extends string = string,
  G extends string = string,
  W extends string = string,
  N = Record<string, (params: never) => NotificationText & { link: NotificationLink }>,
> {
  name: string;
  eventLabels: Record<E, MessageDescriptor>;
  webhookGroupLabels: Record<G, MessageDescriptor>;
  webhookDescriptions: Record<W, MessageDescriptor>;
  notificationTexts: N;
}

/** The title, body and link of each of the area's notification kinds, from its params. */
export type NotificationTextsOf<D extends AnyDomainArea> = {
  [K in KindOf<D>]: (
    params: z.infer<D['notificationParams'][K]>,
  ) => NotificationText & { link: NotificationLink };
};

/** A part is required when the area has something to name, and may be left out when it has nothing. */
type Part<Name extends string, T> = [keyof T] extends [never] ? { [P in Name]?: T } : { [P in Name]: T };

type WebAreaInput<D extends AnyDomainArea> = Part<'eventLabels', Record<EventOf<D>, MessageDescriptor>> &
  Part<'webhookGroupLabels', Record<GroupOf<D>, MessageDescriptor>> &
  Part<'webhookDescriptions', Record<WebhookOf<D>, MessageDescriptor>> &
  Part<'notificationTexts', NotificationTextsOf<D>>;

/** Declares a feature's words and texts for the area its domain declaration describes. */
export function defineWebArea<const D extends AnyDomainArea>(
  domain: D,
  area: WebAreaInput<D>,
): WebArea<EventOf<D>, GroupOf<D>, WebhookOf<D>, NotificationTextsOf<D>> {
  const parts = area as Partial<WebArea<EventOf<D>, GroupOf<D>, WebhookOf<D>, NotificationTextsOf<D>>>;
  return {
    name: domain.name,
    eventLabels: parts.eventLabels ?? ({} as Record<EventOf<D>, MessageDescriptor>),
    webhookGroupLabels: parts.webhookGroupLabels ?? ({} as Record<GroupOf<D>, MessageDescriptor>),
    webhookDescriptions: parts.webhookDescriptions ?? ({} as Record<WebhookOf<D>, MessageDescriptor>),
    notificationTexts: parts.notificationTexts ?? ({} as NotificationTextsOf<D>),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any area's words, whatever its names
type AnyWebArea = WebArea<any, any, any, any>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Merged<U> = { [K in keyof UnionToIntersection<U>]: UnionToIntersection<U>[K] };

export interface GatheredWebAreas<A extends readonly AnyWebArea[]> {
  eventLabels: Merged<A[number]['eventLabels']>;
  webhookGroupLabels: Merged<A[number]['webhookGroupLabels']>;
  webhookDescriptions: Merged<A[number]['webhookDescriptions']>;
  notificationTexts: Merged<A[number]['notificationTexts']>;
}

const merge = (parts: readonly object[]) => Object.assign({}, ...parts);

/**
 * The registries of a list of features' declarations. Their types are the merged records: assigning one
 * to `Record<EventType, …>` (or the domain's other unions) fails to compile when an area is missing.
 */
export function gatherWebAreas<const A extends readonly AnyWebArea[]>(areas: A): GatheredWebAreas<A> {
  return {
    eventLabels: merge(areas.map((area) => area.eventLabels)),
    webhookGroupLabels: merge(areas.map((area) => area.webhookGroupLabels)),
    webhookDescriptions: merge(areas.map((area) => area.webhookDescriptions)),
    notificationTexts: merge(areas.map((area) => area.notificationTexts)),
  };
}
