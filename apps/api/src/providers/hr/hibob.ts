import { z } from 'zod';
import {
  calendarDate,
  type HrAdapter,
  type HrCheckResult,
  type HrDepartment,
  type HrEmployee,
  type HrEmployeePage,
  statusOn,
} from './adapter.ts';
import { checkFailure, HrHttp, type HrHttpOptions } from './http.ts';

/**
 * HiBob's People API (decision 029; shapes in /work/shared/vendors/hibob, HiBob's published OpenAPI
 * blocks through a third-party compilation): `https://api.hibob.com/v1`, HTTP Basic with a service user's
 * ID and token; `POST /v1/people/search` with `{ fields, showInactive, humanReadable }` → `{ employees:
 * [{ id, firstName, surname, displayName, email, work: { title, department, site, startDate,
 * reportsTo: { id }, … }, internal: { status, terminationDate } }] }` in machine format (the vendor
 * file's example splits every field into its own object: a documentation artefact; one object per person
 * is what the API answers). Search has no paging (AUTH.json's note): one page is the company. It has no
 * "changed since" filter either, so `changesSince` answers everyone (the sync compares). Errors: `{ key,
 * error }`.
 */
export const HIBOB_API = 'https://api.hibob.com';

/** The fields asked for (HiBob's field paths). */
export const HIBOB_FIELDS = [
  'root.id',
  'root.firstName',
  'root.surname',
  'root.displayName',
  'root.email',
  'work.title',
  'work.department',
  'work.site',
  'work.startDate',
  'work.reportsTo',
  'internal.status',
  'internal.terminationDate',
] as const;

export interface HiBobCredentials {
  /** The service user's ID. */
  clientId: string;
  /** The service user's token. */
  clientSecret: string;
}

const Text = z.string().nullish();
const Person = z.object({
  id: z.union([z.string(), z.number()]),
  firstName: Text,
  surname: Text,
  displayName: Text,
  email: Text,
  work: z
    .object({
      title: Text,
      department: Text,
      site: Text,
      startDate: Text,
      reportsTo: z.object({ id: z.union([z.string(), z.number()]).nullish() }).nullish(),
    })
    .nullish(),
  internal: z.object({ status: Text, terminationDate: Text }).nullish(),
});
const Search = z.object({ employees: z.array(z.unknown()) });
const ErrorBody = z.object({ error: z.string() });

const textOf = (value: string | null | undefined): string | null => value?.trim() || null;

/** One HiBob person in Equip's terms; null when it is not one (no id or name). */
export function hiBobEmployee(value: unknown, today: string): HrEmployee | null {
  const parsed = Person.safeParse(value);
  if (!parsed.success) return null;
  const p = parsed.data;
  const firstName = textOf(p.firstName);
  const lastName = textOf(p.surname);
  if (!firstName || !lastName) return null;
  const department = textOf(p.work?.department);
  const startDate = calendarDate(textOf(p.work?.startDate));
  const endDate = calendarDate(textOf(p.internal?.terminationDate));
  const inactive = textOf(p.internal?.status)?.toLowerCase() === 'inactive';
  const manager = p.work?.reportsTo?.id;
  return {
    externalId: String(p.id),
    firstName,
    lastName,
    preferredName: textOf(p.displayName),
    email: textOf(p.email)?.toLowerCase() ?? null,
    personalEmail: null,
    phone: null,
    jobTitle: textOf(p.work?.title),
    department: department ? { externalId: department, name: department } : null,
    managerExternalId: manager === null || manager === undefined ? null : String(manager),
    employmentType: null,
    office: textOf(p.work?.site),
    costCenter: null,
    startDate,
    endDate,
    status:
      inactive && !endDate
        ? 'inactive'
        : statusOn(today, { startDate, endDate }, inactive ? 'inactive' : null),
    updatedAt: null,
  };
}

/** The HiBob People API client. */
export class HiBobClient implements HrAdapter {
  readonly provider = 'hibob' as const;
  readonly kind = 'client' as const;
  private readonly http: HrHttp;
  private readonly base: string;
  private readonly now: () => number;

  constructor(
    private readonly credentials: HiBobCredentials,
    options: Omit<HrHttpOptions, 'vendor' | 'describeError'> & { baseUrl?: string },
  ) {
    this.base = (options.baseUrl ?? HIBOB_API).replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.http = new HrHttp({
      ...options,
      vendor: 'HiBob',
      describeError: (body) => {
        const parsed = ErrorBody.safeParse(body);
        return parsed.success ? parsed.data.error.trim() || null : null;
      },
    });
  }

  /** A search for one field of the active people: the service user must be accepted and may read them. */
  async check(): Promise<HrCheckResult> {
    try {
      await this.search(['root.id'], false);
      return { ok: true };
    } catch (error) {
      return checkFailure(error, 'clientSecret');
    }
  }

  async departments(): Promise<HrDepartment[]> {
    const { employees } = await this.employees(null);
    const found = new Map(
      employees.flatMap((e) => (e.department ? [[e.department.externalId, e.department] as const] : [])),
    );
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Everyone, active and inactive, in one page (search has no paging). */
  async employees(cursor: string | null): Promise<HrEmployeePage> {
    if (cursor !== null) throw new RangeError(`Not a HiBob cursor: ${cursor}`);
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const people = await this.search([...HIBOB_FIELDS], true);
    return { employees: people.flatMap((p) => hiBobEmployee(p, today) ?? []), next: null };
  }

  /** HiBob's search cannot filter by change: everyone, for the sync to compare. */
  changesSince(_since: Date, cursor: string | null): Promise<HrEmployeePage> {
    return this.employees(cursor);
  }

  private async search(fields: string[], showInactive: boolean): Promise<unknown[]> {
    const answer = await this.http.json(`${this.base}/v1/people/search`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ fields, showInactive, humanReadable: '' }),
    });
    return Search.parse(answer).employees;
  }
}
