import { describe, expect, it } from 'vitest';
import { AuditLogQuery, auditLogExportSchema, fieldChanges, isEmptyRange } from './audit-log.ts';

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

describe('auditLogExportSchema', () => {
  it('gives a column to each detail the events hold, in the vocabulary’s order, unknown ones after', () => {
    const schema = auditLogExportSchema([
      'zeta',
      'department',
      'count',
      'before',
      'after',
      'deviceUuid',
      'alpha',
    ]);
    expect(schema.columns.map((c) => c.field)).toEqual([
      'time',
      'type',
      'actor',
      'actorUuid',
      'subject',
      'subjectUuid',
      'data.department',
      'data.count',
      'data.alpha',
      'data.zeta',
      'changes',
    ]);
    expect(schema.columns[0]).toMatchObject({ cell: 'datetime', column: 'createdAt' });
    expect(schema.tableColumns).toEqual(['createdAt', 'type', 'actorName', 'subjectName']);
  });
});
