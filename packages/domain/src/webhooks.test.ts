import { describe, expect, it } from 'vitest';
import { EventType } from './audit-log.ts';
import {
  CreateWebhookEndpointRequest,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TYPE_OF_EVENT,
  WebhookEventType,
  webhookPayload,
  webhookRetryDelay,
  webhookTypeOf,
} from './webhooks.ts';

describe('webhook catalogue', () => {
  it('maps only event types of the log, to types of the catalogue', () => {
    for (const [eventType, webhookType] of Object.entries(WEBHOOK_TYPE_OF_EVENT)) {
      expect(EventType.safeParse(eventType).success, eventType).toBe(true);
      expect(WebhookEventType.safeParse(webhookType).success, webhookType).toBe(true);
    }
    expect(webhookTypeOf('USERS_IMPORTED')).toBe('employee.imported');
    expect(webhookTypeOf('LOGIN')).toBeNull();
  });

  it('retries for about a day, then gives up', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(webhookRetryDelay(1)).toBe(5);
    expect(webhookRetryDelay(7)).toBe(36_000);
    expect(webhookRetryDelay(8)).toBeNull();
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3600;
    expect(total).toBeGreaterThan(24);
    expect(total).toBeLessThan(30);
  });

  it('checks an endpoint request: a URL, at least one known type, duplicates dropped', () => {
    const ok = CreateWebhookEndpointRequest.parse({
      url: 'https://example.com/in',
      eventTypes: ['employee.created', 'employee.created'],
    });
    expect(ok).toEqual({
      url: 'https://example.com/in',
      description: '',
      eventTypes: ['employee.created'],
      enabled: true,
    });
    for (const bad of [
      { url: 'example.com', eventTypes: ['employee.created'] },
      { url: 'ftp://example.com', eventTypes: ['employee.created'] },
      { url: 'https://example.com', eventTypes: [] },
      { url: 'https://example.com', eventTypes: ['employee.hired'] },
    ])
      expect(CreateWebhookEndpointRequest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('wraps an event as { type, timestamp, data } with before and after', () => {
    const payload = webhookPayload('employee.updated', {
      uuid: '00000000-0000-4000-8000-000000000001',
      organizationUuid: '00000000-0000-4000-8000-000000000002',
      subjectUuid: '00000000-0000-4000-8000-000000000003',
      actorUuid: null,
      data: { before: { lastName: 'Old' }, after: { lastName: 'New' } },
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(payload).toEqual({
      type: 'employee.updated',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: {
        eventUuid: '00000000-0000-4000-8000-000000000001',
        organizationUuid: '00000000-0000-4000-8000-000000000002',
        subjectUuid: '00000000-0000-4000-8000-000000000003',
        actorUuid: null,
        before: { lastName: 'Old' },
        after: { lastName: 'New' },
      },
    });
  });
});
