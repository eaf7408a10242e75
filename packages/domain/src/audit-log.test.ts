import { describe, expect, it } from 'vitest';
import { AuditLogQuery, auditLogExportEntry, fieldChanges, isEmptyRange } from './audit-log.ts';

describe('AuditLogQuery', () => {
  it('takes repeated or comma-separated types and ISO instants', () => {
    const query = AuditLogQuery.parse({
      types: 'USER_ADDED,USERS_IMPORTED',
      from: '2026-01-01T00:00:00+01:00',
    });
    expect(query.types).toEqual(['USER_ADDED', 'USERS_IMPORTED']);
    expect(query.take).toBe(50);
  });

  it('refuses unknown types, bad dates and ids', () => {
    expect(AuditLogQuery.safeParse({ types: 'NOPE' }).success).toBe(false);
    expect(AuditLogQuery.safeParse({ from: '2026-01-01' }).success).toBe(false);
    expect(AuditLogQuery.safeParse({ actorUuid: 'me' }).success).toBe(false);
    expect(AuditLogQuery.safeParse({ take: 201 }).success).toBe(false);
  });
});

describe('isEmptyRange', () => {
  it('is empty only when both ends are given and from is not before to', () => {
    expect(isEmptyRange({})).toBe(false);
    expect(isEmptyRange({ from: '2026-01-02T00:00:00Z' })).toBe(false);
    expect(isEmptyRange({ from: '2026-01-02T00:00:00Z', to: '2026-01-02T00:00:00Z' })).toBe(true);
    expect(isEmptyRange({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00+01:00' })).toBe(false);
  });
});

describe('fieldChanges', () => {
  it('lists the changed fields of an edit, sorted, leaving equal ones out', () => {
    expect(
      fieldChanges({
        name: 'Laptop',
        before: { status: 'active', location: 'Berlin', tags: ['a'] },
        after: { status: 'inactive', location: 'Berlin', owner: 'Ada', tags: ['b'] },
      }),
    ).toEqual([
      { field: 'owner', before: null, after: 'Ada' },
      { field: 'status', before: 'active', after: 'inactive' },
      { field: 'tags', before: ['a'], after: ['b'] },
    ]);
  });

  it('is null for events that are not edits', () => {
    expect(fieldChanges({ count: 3 })).toBeNull();
  });
});

describe('auditLogExportEntry', () => {
  it('writes an event as text cells with its details as JSON', () => {
    expect(
      auditLogExportEntry({
        uuid: '00000000-0000-4000-8000-000000000001',
        type: 'USERS_IMPORTED',
        createdAt: '2026-01-01T10:00:00.000Z',
        actorUuid: '00000000-0000-4000-8000-000000000002',
        actorName: 'Ada Lovelace',
        subjectUuid: null,
        subjectName: null,
        data: { count: 2 },
      }),
    ).toEqual({
      time: '2026-01-01T10:00:00.000Z',
      type: 'USERS_IMPORTED',
      actor: 'Ada Lovelace',
      actorUuid: '00000000-0000-4000-8000-000000000002',
      subject: '',
      subjectUuid: '',
      data: '{"count":2}',
    });
  });
});
