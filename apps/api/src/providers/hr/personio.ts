import { z } from 'zod';
import {
  calendarDate,
  type HrAdapter,
  type HrCheckResult,
  type HrDepartment,
  type HrEmployee,
  type HrEmployeePage,
  type HrEmployeeStatus,
  statusOn,
} from './adapter.ts';
import { checkFailure, HrApiError, HrHttp, type HrHttpOptions } from './http.ts';

/**
 * Personio's API v1 (decision 029; shapes in /work/shared/vendors/personio, from personio/api-docs):
 * `POST /v1/auth` with the API credentials' client id and secret → `{ success, data: { token,
 * expires_in } }`, sent as `Authorization: Bearer`; `GET /v1/company/employees?limit=&offset=` (and
 * `updated_since`) → `{ success, metadata: { total_elements, current_page, total_pages }, offset, limit,
 * data: [{ type: "Employee", attributes: { <name>: { label, value, type, universal_id } } }] }`.
 * Errors are `{ success: false, error: { message, code } }`. Personio's test API credentials answer the
 * same at `https://api.personio.de`.
 */
export const PERSONIO_API = 'https://api.personio.de';
export const PERSONIO_PAGE_SIZE = 100;

export interface PersonioCredentials {
  clientId: string;
  clientSecret: string;
}

const Attribute = z.object({ value: z.unknown() }).passthrough();
const Employee = z.object({ type: z.string().optional(), attributes: z.record(z.string(), Attribute) });
const EmployeesPage = z.object({
  success: z.literal(true),
  metadata: z
    .object({ total_elements: z.number().optional(), current_page: z.number(), total_pages: z.number() })
    .optional(),
  data: z.array(Employee),
});
const Token = z.object({
  success: z.literal(true),
  data: z.object({ token: z.string().min(1), expires_in: z.number().optional() }),
});
const ErrorBody = z.object({
  error: z.object({ message: z.string().optional(), code: z.union([z.number(), z.string()]).optional() }),
});

/** Personio's words in an error body (v1 `{ error: { message } }`, v2 `{ errors: [{ title, detail }] }`). */
export function personioErrorOf(body: unknown): string | null {
  const v1 = ErrorBody.safeParse(body);
  if (v1.success) return v1.data.error.message?.trim() || null;
  const v2 = z
    .object({ errors: z.array(z.object({ title: z.string().optional(), detail: z.string().optional() })) })
    .safeParse(body);
  if (v2.success)
    return (
      v2.data.errors
        .map((e) => e.detail ?? e.title)
        .filter(Boolean)
        .join('; ') || null
    );
  return null;
}

type Attributes = Record<string, { value: unknown }>;

const textOf = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
/** `{ type, attributes: { id, name } }` of a department, office, subcompany. */
const NamedObject = z.object({
  attributes: z.object({ id: z.union([z.number(), z.string()]).optional(), name: z.string() }),
});
/** The supervisor: `{ type: "Employee", attributes: { id: { value } } }`. */
const Supervisor = z.object({
  attributes: z.object({ id: z.object({ value: z.union([z.number(), z.string()]) }) }),
});

const PERSONIO_STATUS: Record<string, HrEmployeeStatus> = {
  active: 'active',
  onboarding: 'onboarding',
  leave: 'leave',
  inactive: 'inactive',
};

/** One Personio employee in Equip's terms; null when it has no id or name. */
export function personioEmployee(attributes: Attributes, today: string): HrEmployee | null {
  const value = (name: string) => attributes[name]?.value;
  const externalId = textOf(value('id'));
  const firstName = textOf(value('first_name'));
  const lastName = textOf(value('last_name'));
  if (!externalId || !firstName || !lastName) return null;
  const department = NamedObject.safeParse(value('department'));
  const office = NamedObject.safeParse(value('office'));
  const supervisor = Supervisor.safeParse(value('supervisor'));
  const costCenters = z.array(NamedObject).safeParse(value('cost_centers'));
  const startDate = calendarDate(textOf(value('hire_date')));
  const endDate = calendarDate(
    textOf(value('last_working_day')) ??
      textOf(value('termination_date')) ??
      textOf(value('contract_end_date')),
  );
  const modified = textOf(value('last_modified_at'));
  const status = PERSONIO_STATUS[textOf(value('status')) ?? ''] ?? null;
  return {
    externalId,
    firstName,
    lastName,
    preferredName: textOf(value('preferred_name')),
    email: textOf(value('email'))?.toLowerCase() ?? null,
    personalEmail: null,
    phone: null,
    jobTitle: textOf(value('position')),
    department: department.success
      ? {
          externalId: String(department.data.attributes.id ?? department.data.attributes.name),
          name: department.data.attributes.name,
        }
      : null,
    managerExternalId: supervisor.success ? String(supervisor.data.attributes.id.value) : null,
    employmentType: textOf(value('employment_type')),
    office: office.success ? office.data.attributes.name : null,
    costCenter: costCenters.success ? (costCenters.data[0]?.attributes.name ?? null) : null,
    startDate,
    endDate,
    status: status === 'inactive' ? 'inactive' : statusOn(today, { startDate, endDate }, status),
    updatedAt: modified && Number.isFinite(Date.parse(modified)) ? new Date(modified) : null,
  };
}

/** The Personio API client: a token from the credentials, kept until shortly before it expires. */
export class PersonioClient implements HrAdapter {
  readonly provider = 'personio' as const;
  readonly kind = 'client' as const;
  private readonly http: HrHttp;
  private readonly base: string;
  private token: { value: string; until: number } | null = null;
  private readonly now: () => number;

  constructor(
    private readonly credentials: PersonioCredentials,
    options: Omit<HrHttpOptions, 'vendor' | 'describeError'> & { baseUrl?: string; pageSize?: number },
  ) {
    this.base = (options.baseUrl ?? PERSONIO_API).replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.pageSize = options.pageSize ?? PERSONIO_PAGE_SIZE;
    this.http = new HrHttp({ ...options, vendor: 'Personio', describeError: personioErrorOf });
  }

  private readonly pageSize: number;

  /** A token for the credentials, then the first employee: both must work for a sync. */
  async check(): Promise<HrCheckResult> {
    try {
      this.token = null;
      await this.page({ limit: 1, offset: 0 });
      return { ok: true };
    } catch (error) {
      return checkFailure(error, 'clientSecret');
    }
  }

  /** Personio v1 lists no departments of its own: the departments of its people, by id. */
  async departments(): Promise<HrDepartment[]> {
    const found = new Map<string, HrDepartment>();
    let cursor: string | null = null;
    do {
      const page = await this.employees(cursor);
      for (const person of page.employees)
        if (person.department) found.set(person.department.externalId, person.department);
      cursor = page.next;
    } while (cursor !== null);
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  employees(cursor: string | null): Promise<HrEmployeePage> {
    return this.list(cursor, null);
  }

  changesSince(since: Date, cursor: string | null): Promise<HrEmployeePage> {
    return this.list(cursor, since);
  }

  /** `cursor` is the offset of the page's first person. */
  private async list(cursor: string | null, since: Date | null): Promise<HrEmployeePage> {
    const offset = cursor === null ? 0 : Number(cursor);
    if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`Not a Personio cursor: ${cursor}`);
    const page = await this.page({
      limit: this.pageSize,
      offset,
      ...(since ? { updated_since: since.toISOString().slice(0, 19) } : {}),
    });
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const employees = page.data.flatMap((e) => personioEmployee(e.attributes, today) ?? []);
    const last = page.metadata
      ? page.metadata.current_page + 1 >= page.metadata.total_pages
      : page.data.length < this.pageSize;
    return { employees, next: last || page.data.length === 0 ? null : String(offset + page.data.length) };
  }

  private async page(query: Record<string, string | number>) {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return EmployeesPage.parse(await this.call(`/v1/company/employees?${search}`));
  }

  /** An authenticated GET; a 401 or 403 (a token revoked or expired early) asks for a new token once. */
  private async call(path: string): Promise<unknown> {
    try {
      return await this.http.json(`${this.base}${path}`, {
        headers: { authorization: `Bearer ${await this.accessToken()}` },
      });
    } catch (error) {
      if (!(error instanceof HrApiError) || !error.refused || error.duringToken) throw error;
      this.token = null;
      return this.http.json(`${this.base}${path}`, {
        headers: { authorization: `Bearer ${await this.accessToken()}` },
      });
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const answer = Token.parse(
      await this.http.json(`${this.base}/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
        }),
        duringToken: true,
      }),
    );
    const life = (answer.data.expires_in ?? 3600) * 1000;
    // Kept until a minute (or half its life) before it expires.
    this.token = { value: answer.data.token, until: this.now() + Math.max(life - 60_000, life / 2) };
    return this.token.value;
  }
}
