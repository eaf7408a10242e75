import type { HrCheckError, HrProvider } from '@equip/domain/integrations';

/**
 * The HR adapter interface (decision 029): how Equip reads an organisation's HR system — its people with
 * their personal and employment data, its departments, who starts and who leaves, and what changed since
 * a cursor. One adapter per integration; the connection checks and the HR sync are its callers. A field
 * the vendor does not give is null, never a guess.
 */

/** Where a person stands in the HR system. */
export type HrEmployeeStatus = 'onboarding' | 'active' | 'leave' | 'inactive';

export interface HrDepartment {
  /** The vendor's id of the department (its name where the vendor has no id). */
  externalId: string;
  name: string;
}

/** One person of the HR system, in Equip's terms. */
export interface HrEmployee {
  /** The vendor's id of the person. */
  externalId: string;
  // Personal data.
  firstName: string;
  lastName: string;
  preferredName: string | null;
  /** The work email: how Equip matches a person to an employee. */
  email: string | null;
  personalEmail: string | null;
  phone: string | null;
  // Employment data.
  jobTitle: string | null;
  department: HrDepartment | null;
  /** The manager's `externalId`. */
  managerExternalId: string | null;
  employmentType: string | null;
  office: string | null;
  costCenter: string | null;
  /** The first working day, `YYYY-MM-DD`. */
  startDate: string | null;
  /** The last working day (contract end or termination), `YYYY-MM-DD`; null while open-ended. */
  endDate: string | null;
  status: HrEmployeeStatus;
  /** When the vendor last changed the record. */
  updatedAt: Date | null;
}

/** One page of people; `next` is the cursor of the following page, null after the last. */
export interface HrEmployeePage {
  employees: HrEmployee[];
  next: string | null;
}

/** What testing the credentials found: they work, or why not (`HR_CHECK_ERRORS`, with the vendor's words). */
export type HrCheckResult =
  | { ok: true }
  | {
      ok: false;
      error: HrCheckError;
      /** The vendor's own words, when it gave some. */
      detail: string | null;
      field: HrCheckField;
    };

/** The credential field a failed test points at (`credentials` when the vendor does not say which). */
export type HrCheckField = 'clientId' | 'clientSecret' | 'apiKey' | 'companyDomain' | 'credentials';

export interface HrAdapter {
  readonly provider: HrProvider;
  readonly kind: 'sandbox' | 'client';
  /** One cheap authenticated read; never throws for the vendor's sake (the reason is the answer). */
  check(): Promise<HrCheckResult>;
  departments(): Promise<HrDepartment[]>;
  /** A page of every person; `cursor` null for the first. */
  employees(cursor: string | null): Promise<HrEmployeePage>;
  /** A page of the people changed since `since` (inclusive); `cursor` null for the first. */
  changesSince(since: Date, cursor: string | null): Promise<HrEmployeePage>;
}

/** `YYYY-MM-DD` of a vendor's date or date-time (its own calendar day, not shifted to UTC). */
export function calendarDate(value: string | null | undefined): string | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value.trim()) : null;
  return match ? match[1]! : null;
}

/** Where a person stands on `today` (`YYYY-MM-DD`), from the dates and the vendor's own word. */
export function statusOn(
  today: string,
  dates: { startDate: string | null; endDate: string | null },
  vendorStatus: HrEmployeeStatus | null,
): HrEmployeeStatus {
  if (dates.endDate && dates.endDate < today) return 'inactive';
  if (dates.startDate && dates.startDate > today) return 'onboarding';
  return vendorStatus ?? 'active';
}
