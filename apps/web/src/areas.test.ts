import { EventType } from '@equip/domain/audit-log';
import { NotificationKind } from '@equip/domain/notification-rules';
import { toyArea } from '@equip/domain/test/toy-area';
import { WEBHOOK_EVENT_GROUPS, WebhookEventType } from '@equip/domain/webhooks';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { defineWebArea, gatherWebAreas } from '@/lib/define-area';
import {
  EVENT_TYPE_LABELS,
  NOTIFICATION_TEXTS,
  WEB_AREAS,
  WEBHOOK_GROUP_LABELS,
  WEBHOOK_TYPE_DESCRIPTIONS,
} from './areas';

/** A test-only message (the toy area is in no catalog). */
const words = (message: string): MessageDescriptor => ({ id: message, message });

/** The toy area's words, declared as a feature declares its own (test-only: no registry lists it). */
const toyWebArea = defineWebArea(toyArea, {
  eventLabels: { TOY_ADDED: words('Toy added'), TOY_BROKEN: words('Toy broken') },
  webhookGroupLabels: { toys: words('Toys') },
  webhookDescriptions: { 'toy.created': words('A toy was added'), 'toy.broken': words('A toy broke') },
  notificationTexts: {
    'toy.broken': ({ toyName }) => ({
      title: `${toyName} broke`,
      body: null,
      link: { to: paths.dashboard.overview, label: 'Open the overview' },
    }),
  },
});

describe("the web's areas registry", () => {
  it('names every event type, webhook group and type and notification kind of the domain, in its order', () => {
    expect(Object.keys(EVENT_TYPE_LABELS)).toEqual(EventType.options);
    expect(Object.keys(WEBHOOK_GROUP_LABELS)).toEqual(Object.keys(WEBHOOK_EVENT_GROUPS));
    expect(Object.keys(WEBHOOK_TYPE_DESCRIPTIONS).sort()).toEqual([...WebhookEventType.options].sort());
    expect(Object.keys(NOTIFICATION_TEXTS)).toEqual(
      NotificationKind.options.filter((kind) => kind !== 'message'),
    );
  });

  it('registers a toy area through the same registries', () => {
    const withToy = gatherWebAreas([...WEB_AREAS, toyWebArea]);
    expect(withToy.eventLabels.TOY_BROKEN.message).toBe('Toy broken');
    expect(withToy.eventLabels.USER_ADDED).toBe(EVENT_TYPE_LABELS.USER_ADDED);
    expect(withToy.webhookGroupLabels.toys.message).toBe('Toys');
    expect(withToy.webhookDescriptions['toy.created'].message).toBe('A toy was added');
    expect(withToy.notificationTexts['toy.broken']({ toyName: 'Yo-yo' })).toEqual({
      title: 'Yo-yo broke',
      body: null,
      link: { to: paths.dashboard.overview, label: 'Open the overview' },
    });
  });

  it('fails to compile when an area lacks a word (compile-time)', () => {
    type ToyEvent = (typeof toyArea.events)[number];
    // @ts-expect-error: the toy's area is not gathered, so its events have no label
    const withoutToy: Record<EventType | ToyEvent, MessageDescriptor> = gatherWebAreas(WEB_AREAS).eventLabels;
    const withToy: Record<EventType | ToyEvent, MessageDescriptor> = gatherWebAreas([
      ...WEB_AREAS,
      toyWebArea,
    ]).eventLabels;
    expect(Object.keys(withToy)).toHaveLength(Object.keys(withoutToy).length + 2);
    // @ts-expect-error: a feature's declaration lacks one of its area's event types
    defineWebArea(toyArea, { ...toyWebArea, eventLabels: { TOY_ADDED: words('Toy added') } });
  });
});
