import { HR_CHECK_ERRORS } from '@equip/domain/integrations';
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
import { checkFailure, HrApiError, HrHttp, type HrHttpOptions } from './http.ts';

/**
 * BambooHR's API (decision 029; shapes in /work/shared/vendors/bamboohr, from BambooHR's official
 * OpenAPI spec in BambooHR/bhr-api-php): `https://{companyDomain}.bamboohr.com`, HTTP Basic with the API
 * key as the user name and `x` as the password. People come from the custom report,
 * `POST /api/v1/reports/custom?format=JSON` with `Content-Type: application/json` exactly and `{ title,
 * fields, filters: { lastChanged: { value, includeNull } } }` → `{ title, fields: [{ id, type, name }],
 * employees: [{ id, <field>: string }] }`: every employee, active and inactive, in one answer (the report
 * has no paging, so a page is the whole company). The directory is not used: it lists active employees
 * only and is 403 where directory sharing is off. Errors: the status, the words in the
 * `x-bamboohr-error-message` header, the body empty.
 */
export const BAMBOOHR_API = 'https://{companyDomain}.bamboohr.com';

/** The report's fields (BambooHR's field names). */
export const BAMBOOHR_FIELDS = [
  'firstName',
  'lastName',
  'preferredName',
  'workEmail',
  'homeEmail',
  'mobilePhone',
  'jobTitle',
  'department',
  'supervisorEId',
  'employmentHistoryStatus',
  'location',
  'hireDate',
  'terminationDate',
  'status',
  'lastChanged',
] as const;

export interface BambooHrCredentials {
  companyDomain: string;
  apiKey: string;
}

const Report = z.object({
  employees: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

/** A BambooHR value: trimmed text, null for empty (and for BambooHR's empty date `0000-00-00`). */
const textOf = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' || text === '0000-00-00' ? null : text;
};

/** One BambooHR employee in Equip's terms; null without an id or a name. */
export function bambooHrEmployee(
  row: Record<string, string | number | null>,
  today: string,
): HrEmployee | null {
  const externalId = textOf(row.id);
  const firstName = textOf(row.firstName);
  const lastName = textOf(row.lastName);
  if (!externalId || !firstName || !lastName) return null;
  const department = textOf(row.department);
  const startDate = calendarDate(textOf(row.hireDate));
  const endDate = calendarDate(textOf(row.terminationDate));
  const changed = textOf(row.lastChanged);
  const inactive = textOf(row.status)?.toLowerCase() === 'inactive';
  return {
    externalId,
    firstName,
    lastName,
    preferredName: textOf(row.preferredName),
    email: textOf(row.workEmail)?.toLowerCase() ?? null,
    personalEmail: textOf(row.homeEmail)?.toLowerCase() ?? null,
    phone: textOf(row.mobilePhone),
    jobTitle: textOf(row.jobTitle),
    // BambooHR's department is a list value: its name is its identity.
    department: department ? { externalId: department, name: department } : null,
    managerExternalId: textOf(row.supervisorEId),
    employmentType: textOf(row.employmentHistoryStatus),
    office: textOf(row.location),
    costCenter: null,
    startDate,
    endDate,
    status:
      inactive && !endDate
        ? 'inactive'
        : statusOn(today, { startDate, endDate }, inactive ? 'inactive' : null),
    updatedAt: changed && Number.isFinite(Date.parse(changed)) ? new Date(changed) : null,
  };
}

/** The BambooHR API client. */
export class BambooHrClient implements HrAdapter {
  readonly provider = 'bamboohr' as const;
  readonly kind = 'client' as const;
  private readonly http: HrHttp;
  private readonly base: string;
  private readonly now: () => number;

  constructor(
    private readonly credentials: BambooHrCredentials,
    options: Omit<HrHttpOptions, 'vendor' | 'describeError'> & { baseUrl?: string },
  ) {
    this.base = (options.baseUrl ?? BAMBOOHR_API)
      .replace('{companyDomain}', encodeURIComponent(credentials.companyDomain))
      .replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.http = new HrHttp({
      ...options,
      vendor: 'BambooHR',
      describeError: (_body, headers) => headers.get('x-bamboohr-error-message')?.trim() || null,
    });
  }

  /** A report of one field: the key must be accepted and the company found. */
  async check(): Promise<HrCheckResult> {
    try {
      await this.report(['firstName'], null);
      return { ok: true };
    } catch (error) {
      // An unknown company answers 404: the subdomain's fault.
      if (error instanceof HrApiError && error.status === 404)
        return {
          ok: false,
          error: HR_CHECK_ERRORS.unexpectedAnswer,
          detail: error.detail,
          field: 'companyDomain',
        };
      return checkFailure(error, 'apiKey');
    }
  }

  async departments(): Promise<HrDepartment[]> {
    const { employees } = await this.employees(null);
    const found = new Map(
      employees.flatMap((e) => (e.department ? [[e.department.externalId, e.department]] : [])),
    );
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The whole company in one page (the report has no paging). */
  async employees(cursor: string | null): Promise<HrEmployeePage> {
    return this.page(cursor, null);
  }

  /** The people changed since `since` (the report's `lastChanged` filter), in one page. */
  async changesSince(since: Date, cursor: string | null): Promise<HrEmployeePage> {
    return this.page(cursor, since);
  }

  private async page(cursor: string | null, since: Date | null): Promise<HrEmployeePage> {
    if (cursor !== null) throw new RangeError(`Not a BambooHR cursor: ${cursor}`);
    const rows = await this.report([...BAMBOOHR_FIELDS], since);
    const today = new Date(this.now()).toISOString().slice(0, 10);
    return { employees: rows.flatMap((row) => bambooHrEmployee(row, today) ?? []), next: null };
  }

  private async report(fields: string[], since: Date | null) {
    const body = {
      title: 'Equip',
      fields,
      ...(since ? { filters: { lastChanged: { value: since.toISOString(), includeNull: 'no' } } } : {}),
    };
    const answer = await this.http.json(`${this.base}/api/v1/reports/custom?format=JSON&onlyCurrent=true`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.credentials.apiKey}:x`).toString('base64')}`,
        // Exactly this: BambooHR reads any other value as XML.
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return Report.parse(answer).employees;
  }
}
