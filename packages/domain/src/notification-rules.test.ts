import { describe, expect, it } from 'vitest';
import { EventType } from './audit-log.ts';
import {
  NOTIFICATION_PARAMS,
  NOTIFICATION_RULES,
  NotificationKind,
  notificationsFor,
  recipientsOf,
} from './notification-rules.ts';

const actor = '00000000-0000-4000-8000-000000000001';
const device = '00000000-0000-4000-8000-000000000002';

describe('notificationsFor', () => {
  it('tells the person who ran an import how many were added', () => {
    const drafts = notificationsFor({
      type: 'USERS_IMPORTED',
      actorUuid: actor,
      data: { count: 12, fileName: 'people.csv' },
    });
    expect(drafts).toEqual([
      {
        kind: 'employees.imported',
        severity: 'positive',
        audience: 'actor',
        params: { count: 12, fileName: 'people.csv' },
      },
    ]);
  });

  it('reads a missing count and file name as 0 and null', () => {
    const [draft] = notificationsFor({ type: 'USERS_IMPORTED', actorUuid: actor, data: {} });
    expect(draft?.params).toEqual({ count: 0, fileName: null });
  });

  it('tells the IT owners when a device stops being encrypted or protected', () => {
    const drafts = notificationsFor({
      type: 'SECURITY_ALERT',
      actorUuid: actor,
      subjectUuid: device,
      data: { name: 'MacBook of Ada', lost: ['encryption', 'protection'] },
    });
    expect(drafts.map((d) => [d.kind, d.severity, d.audience])).toEqual([
      ['device.unencrypted', 'negative', 'it-owners'],
      ['device.unprotected', 'negative', 'it-owners'],
    ]);
    expect(drafts[0]?.params).toEqual({ deviceUuid: device, deviceName: 'MacBook of Ada' });
  });

  it('reports a device lost when it is put into lost mode', () => {
    const lostMode = notificationsFor({
      type: 'DEVICE_ACTION_SENT',
      actorUuid: actor,
      subjectUuid: device,
      data: { name: 'iPhone', action: 'enable_lost_mode' },
    });
    expect(lostMode.map((d) => [d.kind, d.audience])).toEqual([['device.lost', 'it-owners']]);
    // A security add-on's report of a lost device waits for that area: an alert says nothing of it.
    expect(notificationsFor({ type: 'SECURITY_ALERT', actorUuid: null, data: { reason: 'lost' } })).toEqual(
      [],
    );
    expect(
      notificationsFor({ type: 'DEVICE_ACTION_SENT', actorUuid: actor, data: { action: 'restart' } }),
    ).toEqual([]);
  });

  it('tells the sender when an MDM command failed, and nobody when it completed', () => {
    const failed = notificationsFor({
      type: 'DEVICE_ACTION_COMPLETED',
      actorUuid: actor,
      subjectUuid: device,
      data: { name: 'iPhone', action: 'lock', state: 'failed', error: 'The device is offline' },
    });
    expect(failed).toEqual([
      {
        kind: 'device.action_failed',
        severity: 'negative',
        audience: 'actor',
        params: { deviceUuid: device, deviceName: 'iPhone', action: 'lock', error: 'The device is offline' },
      },
    ]);
    expect(
      notificationsFor({
        type: 'DEVICE_ACTION_COMPLETED',
        actorUuid: actor,
        data: { name: 'iPhone', action: 'lock', state: 'completed' },
      }),
    ).toEqual([]);
  });

  it('tells the IT owners when an MDM server connection starts failing, and when it works again', () => {
    const failed = notificationsFor({
      type: 'MDM_CONNECTION_FAILED',
      actorUuid: null,
      data: {
        provider: 'FLEET',
        baseUrl: 'https://fleet.example.com',
        error: 'The MDM server refused the API token',
        automatic: true,
      },
    });
    expect(failed).toEqual([
      {
        kind: 'mdm.connection_failed',
        severity: 'negative',
        audience: 'it-owners',
        params: { provider: 'FLEET', error: 'The MDM server refused the API token' },
      },
    ]);
    const restored = notificationsFor({
      type: 'MDM_CONNECTION_RESTORED',
      actorUuid: actor,
      data: { provider: 'FLEET', baseUrl: 'https://fleet.example.com' },
    });
    expect(restored).toEqual([
      {
        kind: 'mdm.connection_restored',
        severity: 'positive',
        audience: 'it-owners',
        params: { provider: 'FLEET' },
      },
    ]);
    // A failure without its reason still tells; the rest of the connection's events tell nobody.
    expect(notificationsFor({ type: 'MDM_CONNECTION_FAILED', actorUuid: null, data: {} })[0]?.params).toEqual(
      { provider: '', error: null },
    );
    for (const type of ['MDM_CONNECTION_ADDED', 'MDM_CONNECTION_CHANGED', 'MDM_CONNECTION_REMOVED'] as const)
      expect(notificationsFor({ type, actorUuid: actor, data: { provider: 'FLEET' } })).toEqual([]);
  });

  it('ignores the events that do not matter', () => {
    for (const type of ['USER_ADDED', 'LOGIN', 'DEVICE_UPDATED'] as const)
      expect(notificationsFor({ type, actorUuid: actor, data: {} })).toEqual([]);
  });

  it("writes params each kind's schema accepts, for every event type, and every kind is written by a rule", () => {
    const data = {
      count: 3,
      fileName: 'a.csv',
      name: 'Laptop',
      lost: ['encryption', 'protection'],
      action: 'enable_lost_mode',
      state: 'failed',
      provider: 'FLEET',
      error: 'Equip could not reach the MDM server',
    };
    const written = new Set<string>();
    for (const type of EventType.options)
      for (const draft of notificationsFor({ type, actorUuid: actor, subjectUuid: device, data })) {
        expect(NOTIFICATION_PARAMS[draft.kind].safeParse(draft.params).success, draft.kind).toBe(true);
        written.add(draft.kind);
      }
    expect(Object.keys(NOTIFICATION_PARAMS).sort()).toEqual([...NotificationKind.options].sort());
    // No kind waits for an area that does not exist yet: each one is what some rule writes (but the
    // words of a notification from before they were data).
    expect([...written, 'message'].sort()).toEqual([...NotificationKind.options].sort());
    expect(Object.keys(NOTIFICATION_RULES).every((type) => EventType.safeParse(type).success)).toBe(true);
  });
});

describe('recipientsOf', () => {
  it('sends to the actor, or nobody for the system', () => {
    expect(recipientsOf('actor', { actorUuid: actor }, ['x'])).toEqual([actor]);
    expect(recipientsOf('actor', { actorUuid: null }, ['x'])).toEqual([]);
  });

  it("sends to the event's subject (a requester), not the actor who decided, or nobody without one", () => {
    expect(recipientsOf('subject', { actorUuid: actor, subjectUuid: device }, ['x'])).toEqual([device]);
    expect(recipientsOf('subject', { actorUuid: actor, subjectUuid: null }, ['x'])).toEqual([]);
  });

  it('tells the requester of a declined hardware request why, and the IT owners of a workspace that fails', () => {
    const [declined] = notificationsFor({
      type: 'HARDWARE_REQUEST_DECLINED',
      actorUuid: actor,
      subjectUuid: device,
      data: { requestUuid: 'r-1', reason: 'Budget is frozen' },
    });
    expect(declined).toMatchObject({
      audience: 'subject',
      params: { requestUuid: 'r-1', reason: 'Budget is frozen' },
    });
    const [failed] = notificationsFor({
      type: 'WORKSPACE_FAILED',
      actorUuid: null,
      data: { provider: 'google', error: 'The workspace refused Equip’s access' },
    });
    expect(failed).toMatchObject({
      kind: 'workspace.failed',
      audience: 'it-owners',
      params: { provider: 'Google Workspace', reason: 'The workspace refused Equip’s access' },
    });
  });

  it('sends to each IT owner once', () => {
    expect(recipientsOf('it-owners', { actorUuid: actor }, ['a', 'b', 'a'])).toEqual(['a', 'b']);
  });
});
