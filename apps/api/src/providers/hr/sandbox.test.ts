import { HrProvider } from '@equip/domain/integrations';
import { describe, expect, it } from 'vitest';
import type { HrAdapter, HrEmployee } from './adapter.ts';
import { SANDBOX_HR_PAGE, SandboxHrAdapter } from './sandbox.ts';

const NOW = Date.parse('2026-11-27T09:00:00Z');

async function everyone(read: (cursor: string | null) => ReturnType<HrAdapter['employees']>) {
  const people: HrEmployee[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    people.push(...page.employees);
    pages.push(page.employees.length);
    cursor = page.next;
  } while (cursor !== null);
  return { people, pages };
}

describe('the sandbox HR system', () => {
  it('serves every one of the seven kinds, with working credentials', async () => {
    for (const provider of HrProvider.options) {
      const sandbox = new SandboxHrAdapter(provider, () => NOW);
      expect(sandbox.provider).toBe(provider);
      expect(await sandbox.check()).toEqual({ ok: true });
    }
  });

  it('pages through a company with its departments, a starter and a leaver', async () => {
    const sandbox = new SandboxHrAdapter('personio', () => NOW);
    const { people, pages } = await everyone((c) => sandbox.employees(c));
    expect(people).toHaveLength(12);
    expect(pages).toEqual([SANDBOX_HR_PAGE, SANDBOX_HR_PAGE, 2]);
    expect(new Set(people.map((p) => p.externalId)).size).toBe(12);

    const departments = await sandbox.departments();
    expect(departments.map((d) => d.name)).toContain('Engineering');
    for (const person of people) {
      expect(departments).toContainEqual(person.department);
      expect(person.email).toMatch(/^[a-z.]+@example\.com$/);
      if (person.managerExternalId)
        expect(people.map((p) => p.externalId)).toContain(person.managerExternalId);
    }

    const starter = people.find((p) => p.status === 'onboarding')!;
    expect(starter).toMatchObject({ firstName: 'Felix', startDate: '2026-12-11', endDate: null });
    const leaver = people.find((p) => p.status === 'inactive')!;
    expect(leaver).toMatchObject({ firstName: 'Clara', endDate: '2026-11-20' });
    expect(people.filter((p) => p.status === 'leave')).toHaveLength(1);
  });

  it('answers only the people changed since a cursor, the same every time', async () => {
    const sandbox = new SandboxHrAdapter('hibob', () => NOW);
    const since = new Date(NOW - 15 * 86_400_000);
    const first = await everyone((c) => sandbox.changesSince(since, c));
    expect(first.people.map((p) => p.lastName).sort()).toEqual(
      ['Becker', 'Krause', 'Neumann', 'Rossi'].sort(),
    );
    for (const person of first.people)
      expect(person.updatedAt!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect((await everyone((c) => sandbox.changesSince(since, c))).people).toEqual(first.people);
  });

  it('refuses a cursor it did not give', async () => {
    await expect(new SandboxHrAdapter('kenjo').employees('x')).rejects.toThrow(RangeError);
  });
});
