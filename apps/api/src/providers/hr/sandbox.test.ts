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

  it('takes the next scripted change at each read of an organisation’s changes, then settles; others see none', async () => {
    SandboxHrAdapter.reset();
    let now = NOW;
    const org = new SandboxHrAdapter('personio', () => now, SANDBOX_HR_PAGE, 'org-a');
    const plain = new SandboxHrAdapter('personio', () => now);
    const title = async (adapter: SandboxHrAdapter, id: string) =>
      (await everyone((c) => adapter.employees(c))).people.find((p) => p.externalId === id)!;
    // Full reads (the preview, the first sync) take no step.
    expect((await title(org, '1006')).jobTitle).toBe('Sales Development Representative');
    expect((await title(org, '1006')).jobTitle).toBe('Sales Development Representative');

    now += 60_000;
    const since = new Date(now - 1_000);
    const first = await everyone((c) => org.changesSince(since, c));
    expect(first.people.map((p) => [p.externalId, p.jobTitle])).toEqual([['1006', 'Account Executive']]);
    expect(first.people[0]!.updatedAt).toEqual(new Date(now));
    expect((await title(org, '1006')).jobTitle).toBe('Account Executive');
    // Without a scope, or another organisation: the fixed company.
    expect((await title(plain, '1006')).jobTitle).toBe('Sales Development Representative');
    expect(
      (await title(new SandboxHrAdapter('personio', () => now, SANDBOX_HR_PAGE, 'org-b'), '1006')).jobTitle,
    ).toBe('Sales Development Representative');

    now += 60_000;
    const second = await everyone((c) => org.changesSince(new Date(now - 1_000), c));
    expect(second.people.map((p) => [p.externalId, p.jobTitle])).toEqual([
      ['1004', 'Senior Frontend Engineer'],
    ]);
    now += 60_000;
    const third = await everyone((c) => org.changesSince(new Date(now - 1_000), c));
    expect(third.people.map((p) => [p.externalId, p.startDate])).toEqual([
      ['1012', new Date(now + 21 * 86_400_000).toISOString().slice(0, 10)],
    ]);
    now += 60_000;
    expect((await everyone((c) => org.changesSince(new Date(now - 1_000), c))).people).toEqual([]);
    SandboxHrAdapter.reset();
  });

  it('refuses a cursor it did not give', async () => {
    await expect(new SandboxHrAdapter('kenjo').employees('x')).rejects.toThrow(RangeError);
  });
});
