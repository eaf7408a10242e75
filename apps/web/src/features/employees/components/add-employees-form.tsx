import {
  type EmployeeCsvEntry,
  type EmployeeCsvField,
  validateEntries,
  validateEntry,
} from '@equip/domain/employee-import';
import { MAX_EMPLOYEES_PER_BULK_CREATE } from '@equip/domain/employees';
import { ErrorType } from '@equip/domain/errors';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { describeFailure } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { employeesCount } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { inputClasses } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { useCreateEmployees } from '../api/create-employees';
import { EMPTY_CSV_ENTRY, isBlankEntry } from '../lib/csv-entry';

const FIELDS: { field: EmployeeCsvField; label: MessageDescriptor; type: string; required?: boolean }[] = [
  { field: 'firstName', label: msg`First name`, type: 'text', required: true },
  { field: 'lastName', label: msg`Last name`, type: 'text', required: true },
  { field: 'email', label: msg`Email`, type: 'email', required: true },
  { field: 'phone', label: msg`Phone`, type: 'tel' },
  { field: 'startDate', label: msg`Start date`, type: 'date' },
  { field: 'lastDate', label: msg`End date`, type: 'date' },
  { field: 'department', label: msg`Department`, type: 'text' },
  { field: 'position', label: msg`Position`, type: 'text' },
];

/** Error texts written for a form rather than a file. */
const MESSAGES: Partial<Record<string, MessageDescriptor>> = {
  EmailIsDuplicated: msg`This email is also used for another person`,
};

interface Row {
  id: number;
  entry: EmployeeCsvEntry;
}

type CellKey = `${number}.${EmployeeCsvField}`;

/**
 * Several people at once: each row is checked as it is filled in with the domain's rules (the ones the
 * API applies), emails shared between rows are flagged, and the rows are created in one request,
 * all or none. Empty rows are ignored.
 */
export function AddEmployeesForm() {
  const { t, i18n } = useLingui();
  const duplicatedMessage = i18n._(MESSAGES.EmailIsDuplicated!);
  const navigate = useNavigate();
  const { toast } = useToast();
  const create = useCreateEmployees();
  const nextId = useRef(2);
  const [rows, setRows] = useState<Row[]>([{ id: 1, entry: { ...EMPTY_CSV_ENTRY } }]);
  const [touched, setTouched] = useState<ReadonlySet<CellKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CellKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const tableRef = useRef<HTMLOListElement>(null);

  /** The rows that will be sent: non-empty ones (or the first row, when every row is empty). */
  const filled = useMemo(() => {
    const nonBlank = rows.filter((row) => !isBlankEntry(row.entry));
    return nonBlank.length > 0 ? nonBlank : rows.slice(0, 1);
  }, [rows]);

  const validation = useMemo(
    () =>
      validateEntries(
        filled.map((row) => row.entry),
        new Set(),
      ),
    [filled],
  );

  const errorsByCell = useMemo(() => {
    const map = new Map<CellKey, string>();
    filled.forEach((row, index) => {
      for (const error of validation.rows[index]?.errors ?? []) {
        const key = `${row.id}.${error.field as EmployeeCsvField}` as CellKey;
        if (!map.has(key)) {
          const formMessage = MESSAGES[error.type];
          map.set(key, formMessage ? i18n._(formMessage) : translateKnownMessage(error.message));
        }
      }
    });
    for (const [key, message] of Object.entries(serverErrors)) {
      if (message && !map.has(key as CellKey)) map.set(key as CellKey, message);
    }
    return map;
  }, [filled, validation, serverErrors, i18n]);

  const invalidCount = useMemo(
    () => new Set([...errorsByCell.keys()].map((key) => key.split('.')[0])).size,
    [errorsByCell],
  );

  function setCell(id: number, field: EmployeeCsvField, value: string) {
    setRows((current) =>
      current.map((row) => (row.id === id ? { ...row, entry: { ...row.entry, [field]: value } } : row)),
    );
    const key: CellKey = `${id}.${field}`;
    if (serverErrors[key]) setServerErrors(({ [key]: _removed, ...rest }) => rest);
  }

  function markTouched(id: number, field: EmployeeCsvField) {
    const key: CellKey = `${id}.${field}`;
    if (!touched.has(key)) setTouched(new Set([...touched, key]));
  }

  function addRow() {
    const id = nextId.current++;
    setRows((current) => [...current, { id, entry: { ...EMPTY_CSV_ENTRY } }]);
    requestAnimationFrame(() =>
      tableRef.current?.querySelector<HTMLInputElement>(`#cell-${id}-firstName`)?.focus(),
    );
  }

  function removeRow(id: number) {
    setRows((current) => (current.length === 1 ? current : current.filter((row) => row.id !== id)));
  }

  /** An error is shown once the cell was left, or after a submit attempt; emails also while they clash. */
  function visibleError(id: number, field: EmployeeCsvField): string | undefined {
    const key: CellKey = `${id}.${field}`;
    const message = errorsByCell.get(key);
    if (!message) return undefined;
    if (submitted || touched.has(key) || serverErrors[key] || message === duplicatedMessage) {
      return message;
    }
    return undefined;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (errorsByCell.size > 0) {
      const first = [...errorsByCell.keys()][0]!;
      const [id, field] = first.split('.');
      tableRef.current?.querySelector<HTMLInputElement>(`#cell-${id}-${field}`)?.focus();
      return;
    }
    const employees = filled.map((row) => validateEntry(row.entry).employee!);
    try {
      const { items } = await create.mutateAsync({ employees });
      const added = employeesCount(items.length);
      toast({ variant: 'positive', content: t`${added} added` });
      navigate(paths.dashboard.employees());
    } catch (error) {
      const failure = describeFailure<CellKey>(error, {
        messages: { [ErrorType.EmailIsUsed]: t`This email is already in use` },
        // `employees.N.field` names a cell; a bare `email` the first person's.
        field: ({ param = '' }) => {
          const match = /^employees\.(\d+)\.(\w+)$/.exec(param);
          const row = filled[match ? Number(match[1]) : param === 'email' ? 0 : -1];
          const field = match ? match[2] : param;
          return row && FIELDS.some((f) => f.field === field)
            ? `${row.id}.${field as EmployeeCsvField}`
            : undefined;
        },
      });
      const [first] = Object.keys(failure.fields);
      if (first) {
        setServerErrors(failure.fields);
        const [id, field] = first.split('.');
        tableRef.current?.querySelector<HTMLInputElement>(`#cell-${id}-${field}`)?.focus();
        return;
      }
      setFormError(failure.message);
    }
  }

  const count = filled.filter((row) => !isBlankEntry(row.entry)).length;
  const countText = employeesCount(count);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t`Add employees`}>
      {formError ? (
        <Alert variant="error" title={t`The employees could not be added`}>
          {formError}
        </Alert>
      ) : null}
      {submitted && invalidCount > 0 ? (
        <Alert variant="error">
          <Plural
            value={invalidCount}
            one="# person needs attention before anyone can be added."
            other="# people need attention before anyone can be added."
          />
        </Alert>
      ) : null}
      <ol ref={tableRef} className="space-y-3" aria-label={t`People to add`}>
        {rows.map((row, index) => {
          const person = index + 1;
          return (
            <li
              key={row.id}
              aria-label={t`Person ${person}`}
              className="rounded-xl border border-slate-200 bg-white px-4 pt-3 pb-4 shadow-xs"
            >
              <div className="mb-2 flex items-center justify-between">
                <h3 className="text-sm font-semibold text-slate-900">
                  <Trans>Person {person}</Trans>
                </h3>
                <button
                  type="button"
                  aria-label={t`Remove person ${person}`}
                  disabled={rows.length === 1}
                  onClick={() => removeRow(row.id)}
                  className="flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:invisible"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
              <div className="grid grid-cols-1 gap-x-3 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
                {FIELDS.map((f) => {
                  const error = visibleError(row.id, f.field);
                  const id = `cell-${row.id}-${f.field}`;
                  return (
                    <div key={f.field} className="min-w-0">
                      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
                        {i18n._(f.label)}
                        {f.required ? (
                          <span aria-hidden="true" className="text-red-600">
                            {' '}
                            *
                          </span>
                        ) : null}
                        <span className="sr-only">
                          <Trans>, person {person}</Trans>
                        </span>
                      </label>
                      <input
                        id={id}
                        type={f.type}
                        aria-required={f.required || undefined}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        autoComplete="off"
                        value={row.entry[f.field]}
                        onChange={(event) => setCell(row.id, f.field, event.target.value)}
                        onBlur={() => markTouched(row.id, f.field)}
                        className={cn(inputClasses, 'h-9 py-0')}
                      />
                      {error ? (
                        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={addRow} disabled={rows.length >= MAX_EMPLOYEES_PER_BULK_CREATE}>
          <Plus aria-hidden="true" />
          <Trans>Add another person</Trans>
        </Button>
        <div className="flex items-center gap-2">
          <Button variant="ghost" onClick={() => navigate(paths.dashboard.employees())}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <Trans>Adding…</Trans>
            ) : count > 1 ? (
              <Trans>Add {countText}</Trans>
            ) : (
              <Trans>Add employee</Trans>
            )}
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        <span aria-hidden="true" className="text-red-600">
          *
        </span>{' '}
        <Trans>
          Required. Empty rows are skipped. New people whose start date lies ahead are listed as onboarding.
        </Trans>
      </p>
    </form>
  );
}
