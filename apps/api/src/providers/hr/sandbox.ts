import type { HrProvider } from '@equip/domain/integrations';
import {
  type HrAdapter,
  type HrCheckResult,
  type HrDepartment,
  type HrEmployee,
  type HrEmployeePage,
  statusOn,
} from './adapter.ts';

/** People per page of the sandbox (small, so the demo and the tests cross page boundaries). */
export const SANDBOX_HR_PAGE = 5;

const DAY = 86_400_000;

export const SANDBOX_DEPARTMENTS: readonly HrDepartment[] = [
  { externalId: 'dep-engineering', name: 'Engineering' },
  { externalId: 'dep-sales', name: 'Sales' },
  { externalId: 'dep-marketing', name: 'Marketing' },
  { externalId: 'dep-people', name: 'People & Culture' },
  { externalId: 'dep-finance', name: 'Finance' },
];

interface SandboxPerson {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  department: number;
  manager: string | null;
  office: string;
  /** Days from today: negative in the past. */
  startInDays: number;
  endInDays?: number;
  employmentType?: string;
  leave?: boolean;
  /** Days since the record last changed. */
  changedDaysAgo: number;
}

/** A small company: founders, teams, someone on leave, a starter in two weeks and a leaver last week. */
const PEOPLE: readonly SandboxPerson[] = [
  {
    id: '1001',
    firstName: 'Anna',
    lastName: 'Schneider',
    jobTitle: 'CEO',
    department: 4,
    manager: null,
    office: 'Berlin',
    startInDays: -2900,
    changedDaysAgo: 400,
  },
  {
    id: '1002',
    firstName: 'Jonas',
    lastName: 'Weber',
    jobTitle: 'CTO',
    department: 0,
    manager: '1001',
    office: 'Berlin',
    startInDays: -2800,
    changedDaysAgo: 300,
  },
  {
    id: '1003',
    firstName: 'Lea',
    lastName: 'Fischer',
    jobTitle: 'Senior Backend Engineer',
    department: 0,
    manager: '1002',
    office: 'Berlin',
    startInDays: -1200,
    changedDaysAgo: 40,
  },
  {
    id: '1004',
    firstName: 'Mehmet',
    lastName: 'Yilmaz',
    jobTitle: 'Frontend Engineer',
    department: 0,
    manager: '1002',
    office: 'Hamburg',
    startInDays: -600,
    changedDaysAgo: 20,
  },
  {
    id: '1005',
    firstName: 'Sophie',
    lastName: 'Martin',
    jobTitle: 'Account Executive',
    department: 1,
    manager: '1001',
    office: 'Munich',
    startInDays: -900,
    changedDaysAgo: 90,
  },
  {
    id: '1006',
    firstName: 'Lukas',
    lastName: 'Becker',
    jobTitle: 'Sales Development Representative',
    department: 1,
    manager: '1005',
    office: 'Munich',
    startInDays: -300,
    changedDaysAgo: 3,
    employmentType: 'part-time',
  },
  {
    id: '1007',
    firstName: 'Emma',
    lastName: 'Rossi',
    jobTitle: 'Marketing Manager',
    department: 2,
    manager: '1001',
    office: 'Berlin',
    startInDays: -1500,
    changedDaysAgo: 10,
    leave: true,
  },
  {
    id: '1008',
    firstName: 'Noah',
    lastName: 'Hoffmann',
    jobTitle: 'Content Designer',
    department: 2,
    manager: '1007',
    office: 'Remote',
    startInDays: -200,
    changedDaysAgo: 60,
  },
  {
    id: '1009',
    firstName: 'Mia',
    lastName: 'Wagner',
    jobTitle: 'People Partner',
    department: 3,
    manager: '1001',
    office: 'Berlin',
    startInDays: -700,
    changedDaysAgo: 120,
  },
  {
    id: '1010',
    firstName: 'Paul',
    lastName: 'Schulz',
    jobTitle: 'Accountant',
    department: 4,
    manager: '1001',
    office: 'Berlin',
    startInDays: -1000,
    changedDaysAgo: 200,
  },
  // The leaver: ended last week.
  {
    id: '1011',
    firstName: 'Clara',
    lastName: 'Neumann',
    jobTitle: 'Backend Engineer',
    department: 0,
    manager: '1002',
    office: 'Hamburg',
    startInDays: -800,
    endInDays: -7,
    changedDaysAgo: 14,
  },
  // The starter: starts in two weeks.
  {
    id: '1012',
    firstName: 'Felix',
    lastName: 'Krause',
    jobTitle: 'Site Reliability Engineer',
    department: 0,
    manager: '1002',
    office: 'Berlin',
    startInDays: 14,
    changedDaysAgo: 2,
  },
];

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * What changes in the sandbox's company, one step at each sync after the first (a read of the changes
 * since the last sync) of an organisation: a promotion, a new title, a start moved a week. After the
 * last step nothing changes any more, so the demo's hourly sync settles.
 */
export const SANDBOX_HR_CHANGES: readonly { id: string; change: Partial<SandboxPerson> }[] = [
  { id: '1006', change: { jobTitle: 'Account Executive' } },
  { id: '1004', change: { jobTitle: 'Senior Frontend Engineer' } },
  { id: '1012', change: { startInDays: 21 } },
];

/** The steps an organisation's sandbox took (when each was taken), per organisation and kind; in memory. */
const stepsTaken = new Map<string, number[]>();

/**
 * The sandbox HR system of one kind, for the demo and tests (decision 029): a fixed company of twelve
 * people in five departments with a starter (in two weeks) and a leaver (last week), paged like a
 * vendor, `changesSince` honoured. Its dates are relative to `now`, so the same answers every day.
 * Without a scope it keeps no state. Given an organisation (`scope`, as the sync gives it), each read of
 * the changes since the last sync first takes the next of `SANDBOX_HR_CHANGES` (decision 038): the
 * demo's and the end-to-end specs' "a person changed in the HR system"; every read of that
 * organisation then answers the changed person (updated at the step's time). The steps live in memory:
 * a restart starts them again (the changes read again are no changes).
 */
export class SandboxHrAdapter implements HrAdapter {
  readonly kind = 'sandbox' as const;

  constructor(
    readonly provider: HrProvider,
    private readonly now: () => number = Date.now,
    private readonly pageSize = SANDBOX_HR_PAGE,
    /** The organisation whose scripted changes apply (none: the fixed company, no state). */
    private readonly scope: string | null = null,
  ) {}

  /** Forgets every organisation's steps (tests). */
  static reset(): void {
    stepsTaken.clear();
  }

  private get key(): string | null {
    return this.scope === null ? null : `${this.scope}:${this.provider}`;
  }

  async check(): Promise<HrCheckResult> {
    return { ok: true };
  }

  async departments(): Promise<HrDepartment[]> {
    return [...SANDBOX_DEPARTMENTS];
  }

  async employees(cursor: string | null): Promise<HrEmployeePage> {
    return this.page(this.people(), cursor);
  }

  async changesSince(since: Date, cursor: string | null): Promise<HrEmployeePage> {
    // A sync's read of the changes starts on its first page: the next scripted change happens then.
    const key = this.key;
    if (key !== null && cursor === null) {
      const taken = stepsTaken.get(key) ?? [];
      if (taken.length < SANDBOX_HR_CHANGES.length) stepsTaken.set(key, [...taken, this.now()]);
    }
    return this.page(
      this.people().filter((p) => p.updatedAt && p.updatedAt >= since),
      cursor,
    );
  }

  private people(): HrEmployee[] {
    const now = this.now();
    const today = isoDay(now);
    const taken = this.key === null ? [] : (stepsTaken.get(this.key) ?? []);
    const changed = PEOPLE.map((person) => {
      let p = person;
      let changedAt: number | null = null;
      taken.forEach((at, step) => {
        const { id, change } = SANDBOX_HR_CHANGES[step]!;
        if (id !== person.id) return;
        p = { ...p, ...change };
        changedAt = at;
      });
      return { p, changedAt: changedAt as number | null };
    });
    return changed.map(({ p, changedAt }) => {
      const startDate = isoDay(now + p.startInDays * DAY);
      const endDate = p.endInDays === undefined ? null : isoDay(now + p.endInDays * DAY);
      const local = `${p.firstName}.${p.lastName}`.toLowerCase();
      return {
        externalId: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        preferredName: null,
        email: `${local}@example.com`,
        personalEmail: null,
        phone: null,
        jobTitle: p.jobTitle,
        department: SANDBOX_DEPARTMENTS[p.department]!,
        managerExternalId: p.manager,
        employmentType: p.employmentType ?? 'full-time',
        office: p.office,
        costCenter: null,
        startDate,
        endDate,
        status: statusOn(today, { startDate, endDate }, p.leave ? 'leave' : null),
        updatedAt: new Date(changedAt ?? now - p.changedDaysAgo * DAY),
      };
    });
  }

  private page(people: HrEmployee[], cursor: string | null): HrEmployeePage {
    const from = cursor === null ? 0 : Number(cursor);
    if (!Number.isInteger(from) || from < 0) throw new RangeError(`Not a sandbox cursor: ${cursor}`);
    const to = from + this.pageSize;
    return { employees: people.slice(from, to), next: to < people.length ? String(to) : null };
  }
}
