import { COUNTRY_CODES } from '@equip/domain/countries';
import { WEEKDAYS, type Weekday } from '@equip/domain/weekdays';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { compareText, formatCountry, formatWeekday } from '@/lib/format';
import { Checkbox } from '@/ui/checkbox';
import { TextField } from '@/ui/form-field';
import { SelectField, type SelectFieldProps } from '@/ui/select-field';

/**
 * The fields an organisation is set up with besides its name (the set-up page, a provider admin's
 * "Create organisation"): its country, its time zone and its working days, named in the reader's
 * language.
 */

/** The country of the browser's first language with a region (`de-AT` → `AT`), else Germany. */
export function browserCountry(): string {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const region = languages.map((tag) => tag.split('-')[1]?.toUpperCase()).find(Boolean);
  return region && COUNTRY_CODES.includes(region) ? region : 'DE';
}

/** The browser's own time zone, which the runtime knows by its IANA name. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Berlin';
}

/** Every IANA time zone the browser knows (the server checks the same names), `current` included. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) || !current ? known : [current, ...known];
}

export function CountrySelect(props: Omit<SelectFieldProps, 'options'>) {
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: formatCountry(code) })).sort((a, b) =>
    compareText(a.label, b.label),
  );
  return <SelectField autoComplete="country" {...props} options={options} />;
}

export function TimeZoneSelect({
  value,
  ...props
}: Omit<SelectFieldProps, 'options' | 'value'> & { value: string }) {
  const options = timeZones(value).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  return <SelectField {...props} value={value} options={options} />;
}

/** The days of the week as checkboxes in a fieldset, Monday first. */
export function WorkingDaysField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly Weekday[];
  onChange: (days: Weekday[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const errorId = useId();
  const toggle = (day: Weekday, on: boolean) =>
    onChange(WEEKDAYS.filter((d) => (d === day ? on : value.includes(d))));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">{t`Working days`}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((day) => (
          <label
            key={day}
            htmlFor={`${errorId}-${day}`}
            className="flex items-center gap-2 text-sm text-slate-700"
          >
            <Checkbox
              id={`${errorId}-${day}`}
              checked={value.includes(day)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(day, event.target.checked)}
            />
            {formatWeekday(day)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

/** What a form holding an organisation's profile has among its fields. */
export interface OrganizationProfileValues {
  name: string;
  country: string;
  timeZone: string;
  workingDays: Weekday[];
}

/**
 * An organisation's name, country, time zone and working days, bound to a form that holds them among its
 * fields (the set-up page, "Create organisation"). The form registers the name and the country itself, in
 * `registered`, so that they come in its order of fields where they stand: the first field with an error
 * is the one focused.
 */
export function OrganizationProfileFields<T extends OrganizationProfileValues>({
  form,
  registered,
  nameLabel,
  nameAutoComplete,
  timeZoneHint,
  disabled,
}: {
  form: UseFormReturn<T>;
  registered: { name: UseFormRegisterReturn; country: UseFormRegisterReturn };
  nameLabel: string;
  nameAutoComplete: string;
  timeZoneHint?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  // The controlled fields' names are those of OrganizationProfileValues, which T has; react-hook-form's
  // paths cannot see that through a type parameter.
  const profile = form as unknown as UseFormReturn<OrganizationProfileValues>;
  const { errors } = profile.formState;
  return (
    <>
      <TextField
        label={nameLabel}
        autoComplete={nameAutoComplete}
        required
        maxLength={200}
        error={errors.name?.message}
        {...registered.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CountrySelect label={t`Country`} error={errors.country?.message} {...registered.country} />
        <Controller
          control={profile.control}
          name="timeZone"
          render={({ field }) => (
            <TimeZoneSelect
              label={t`Time zone`}
              hint={timeZoneHint}
              error={errors.timeZone?.message}
              {...field}
            />
          )}
        />
      </div>
      <Controller
        control={profile.control}
        name="workingDays"
        render={({ field }) => (
          <WorkingDaysField
            value={field.value}
            onChange={field.onChange}
            error={errors.workingDays?.message}
            disabled={disabled}
          />
        )}
      />
    </>
  );
}
