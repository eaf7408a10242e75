import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AREAS, REGISTRY } from './areas.ts';
import { EventType } from './audit-log.ts';
import { defineArea, drafts, gatherAreas } from './define-area.ts';
import { JOBS } from './jobs.ts';
import { NOTIFICATION_PARAMS, NotificationKind } from './notification-rules.ts';
import { toyArea } from './test/toy-area.ts';
import { WEBHOOK_EVENT_GROUPS, WebhookEventType, webhookTypeOf } from './webhooks.ts';

describe('the areas registry', () => {
  it('lists the event types area by area, as the log and the database have them', () => {
    expect(EventType.options.slice(0, 6)).toEqual([
      'USER_ADDED',
      'USER_UPDATED',
      'USER_DELETED',
      'USER_INVITED',
      'USERS_IMPORTED',
      'DEVICE_ADDED',
    ]);
    expect(EventType.options).toEqual(AREAS.flatMap((area) => area.events));
    expect(EventType.options).toHaveLength(71);
    expect(Object.keys(WEBHOOK_EVENT_GROUPS)).toEqual([
      'employees',
      'devices',
      'security',
      'assets',
      'orders',
      'flows',
      'bundles',
    ]);
    expect(NotificationKind.options).toEqual([
      'message',
      'employees.imported',
      'device.unencrypted',
      'device.unprotected',
      'device.lost',
      'device.action_failed',
      'mdm.connection_failed',
      'mdm.connection_restored',
      'assets.imported',
      'order.shipped',
      'order.stuck',
      'hardware_request.created',
      'hardware_request.approved',
      'hardware_request.declined',
      'bundle.install_failed',
      'workspace.failed',
      'workspace.restored',
    ]);
    expect(Object.keys(NOTIFICATION_PARAMS)).toEqual(NotificationKind.options);
    expect(Object.keys(JOBS).sort()).toEqual([
      'bundles.effect',
      'integrations.check',
      'integrations.plan',
      'integrations.sync',
      'integrations.sync.plan',
      'mail.send',
      'maintenance.clean-up',
      'mdm.check',
      'mdm.command',
      'mdm.connections.check',
      'mdm.connections.plan',
      'mdm.inventory.plan',
      'mdm.inventory.sync',
      'mdm.offer',
      'procurement.checkout',
      'procurement.order',
      'reminders.plan',
      'reminders.send',
      'webhooks.deliver',
      'workspaces.check',
      'workspaces.plan',
    ]);
  });

  it('maps each area’s events only to webhook types of the catalogue', () => {
    for (const [eventType, webhookType] of Object.entries(REGISTRY.webhookOfEvent)) {
      expect(EventType.safeParse(eventType).success, eventType).toBe(true);
      expect(WebhookEventType.safeParse(webhookType).success, webhookType).toBe(true);
    }
  });

  it('registers a toy area through the same registries', () => {
    const withToy = gatherAreas([...AREAS, toyArea]);
    expect(withToy.events.slice(-2)).toEqual(['TOY_ADDED', 'TOY_BROKEN']);
    expect(withToy.webhookGroups.toys).toEqual(['toy.created', 'toy.broken']);
    expect(withToy.webhookOfEvent.TOY_BROKEN).toBe('toy.broken');
    expect(withToy.webhookOfEvent.USERS_IMPORTED).toBe('employee.imported');
    expect(
      withToy.notificationRules.TOY_BROKEN?.({
        type: 'TOY_BROKEN',
        actorUuid: null,
        data: { name: 'Yo-yo' },
      }),
    ).toEqual([
      { kind: 'toy.broken', severity: 'negative', audience: 'it-owners', params: { toyName: 'Yo-yo' } },
    ]);
    expect(withToy.notificationParams['toy.broken'].safeParse({ toyName: 'Yo-yo' }).success).toBe(true);
    expect(Object.keys(withToy.jobs)).toEqual([...Object.keys(JOBS), 'toys.repair']);
    expect(withToy.jobs['toys.repair'].safeParse({ toyUuid: 'nope' }).success).toBe(false);
    // The product's registries do not hold it.
    expect(EventType.safeParse('TOY_ADDED').success).toBe(false);
    expect(webhookTypeOf('TOY_ADDED')).toBeNull();
  });

  it('holds an area to its own events, webhook types and kinds (compile-time)', () => {
    defineArea({
      name: 'bad',
      events: ['BAD_ADDED'],
      webhookGroups: { bad: ['bad.created'] },
      // @ts-expect-error: an event the area does not declare
      webhookOfEvent: { BAD_REMOVED: 'bad.created' },
    });
    defineArea({
      name: 'bad',
      events: ['BAD_ADDED'],
      webhookGroups: { bad: ['bad.created'] },
      // @ts-expect-error: a webhook type of no group of the area
      webhookOfEvent: { BAD_ADDED: 'bad.removed' },
    });
    const params = { 'bad.added': z.object({ n: z.number() }) };
    const draft = drafts(params);
    defineArea({
      name: 'bad',
      events: ['BAD_ADDED'],
      notificationParams: params,
      notificationRules: {
        // @ts-expect-error: params that are not the kind's
        BAD_ADDED: () => [draft('bad.added', 'info', 'actor', { n: 'one' })],
      },
    });
    // A registry of the gathered events requires every one of them: a label missing fails to compile.
    const withToy = gatherAreas([...AREAS, toyArea]);
    type WithToyEvent = (typeof withToy.events)[number];
    const labels = Object.fromEntries(EventType.options.map((type) => [type, type])) as Record<
      EventType,
      string
    >;
    // @ts-expect-error: the toy's events have no label
    const missing: Record<WithToyEvent, string> = labels;
    const complete: Record<WithToyEvent, string> = {
      ...labels,
      TOY_ADDED: 'Toy added',
      TOY_BROKEN: 'Toy broken',
    };
    expect(Object.keys(complete)).toHaveLength(Object.keys(missing).length + 2);
  });

  it('refuses a name two areas declare', () => {
    const twin = defineArea({ name: 'twin', events: ['TOY_ADDED'] });
    expect(() => gatherAreas([toyArea, twin])).toThrow('Event type TOY_ADDED is declared by two areas');
    const group = defineArea({ name: 'twin', events: [], webhookGroups: { toys: ['toy.other'] } });
    expect(() => gatherAreas([toyArea, group])).toThrow('Webhook group toys is declared by two areas');
    const job = defineArea({ name: 'twin', events: [], jobs: { 'toys.repair': z.object({}) } });
    expect(() => gatherAreas([toyArea, job])).toThrow('Job toys.repair is declared by two areas');
  });
});
