import { LOCALES, type Locale } from '@equip/domain/locale-rules';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { chooseLocale, localeSettings, onLocaleSettingsChange } from '@/lib/i18n/i18n';

/** Each language named in itself, so a person finds theirs whatever the page reads now. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
};

/**
 * The small language choice of the pages before sign-in (the login): remembered in this browser
 * (`chooseLocale`) and applied at once. Signed in, the account page stores the choice on the user.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useLingui();
  const id = useId();
  const current = useSyncExternalStore(onLocaleSettingsChange, () => localeSettings().locale);
  return (
    <div className={cn('flex items-center justify-center gap-2 text-sm text-slate-500', className)}>
      <Languages aria-hidden="true" className="size-4 text-slate-400" />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const locale = LOCALES.find((known) => known === event.target.value);
          if (locale) void chooseLocale(locale);
        }}
        className="rounded-md border-0 bg-transparent py-1 pr-1 pl-1 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
