import {
  type BundleApplicationView,
  inAnyMode,
  isMobileApplication,
  ManagementMode,
  supportsSubscriptions,
} from '@equip/domain/bundles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppWindow, UserCog } from 'lucide-react';
import { useState } from 'react';
import { compareText, formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { EmptyState } from '@/ui/empty-state';
import { MultiSelect } from '@/ui/multi-select';
import { SearchInput } from '@/ui/search-input';
import {
  clearApplicationFilters,
  selectApplicationModes,
  selectApplicationsSearch,
  setApplicationModes,
  setApplicationsSearch,
} from '../bundles-slice';
import { MANAGEMENT_MODE_LABELS, MANAGEMENT_TYPE_LABELS, PLATFORM_LABELS } from '../lib/bundle-labels';
import { ApplicationAccountDialog } from './application-account-dialog';

/** `1 app` / `2 apps`. */
function appsCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} app`, other: `${n} apps` });
}

/** Whether an application's name holds the search's words (any case, the reader's language). */
function matches(entry: BundleApplicationView, search: string, locale: string): boolean {
  const words = search.trim().toLocaleLowerCase(locale);
  return words === '' || entry.application.name.toLocaleLowerCase(locale).includes(words);
}

function ApplicationRow({ bundleUuid, entry }: { bundleUuid: string; entry: BundleApplicationView }) {
  const { t } = useLingui();
  const { application } = entry;
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{application.name}</p>
        <p className="truncate text-xs text-slate-500">
          {application.platforms.map((platform) => PLATFORM_LABELS[platform]).join(' · ')}
          {' — '}
          {MANAGEMENT_TYPE_LABELS[entry.management]}
        </p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={application.name}>
        {entry.modes.map((mode) => (
          <li key={mode}>
            <Badge
              tone={mode === 'managed_by_equip' ? 'indigo' : mode === 'managed_by_owners' ? 'violet' : 'sky'}
            >
              {MANAGEMENT_MODE_LABELS[mode]}
            </Badge>
          </li>
        ))}
        {entry.needsSetup ? (
          <li>
            <Badge tone="amber">
              <Trans>Needs setup</Trans>
            </Badge>
          </li>
        ) : null}
        {/* Accounts only where the application has subscriptions (not on iOS, SPEC §3). */}
        {supportsSubscriptions(application) ? (
          <li>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={t`Accounts of ${application.name}`}
              onClick={() => setEditing(true)}
            >
              <UserCog aria-hidden="true" />
              <Trans>Accounts</Trans>
            </Button>
            <ApplicationAccountDialog
              bundleUuid={bundleUuid}
              entry={entry}
              open={editing}
              onOpenChange={setEditing}
            />
          </li>
        ) : null}
      </ul>
    </li>
  );
}

function Section({
  bundleUuid,
  id,
  title,
  entries,
  emptyText,
}: {
  bundleUuid: string;
  id: string;
  title: string;
  entries: BundleApplicationView[];
  emptyText: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white">
      <h3
        id={id}
        className="flex items-center justify-between border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-900"
      >
        {title}
        <span className="text-xs font-normal text-slate-500 tabular-nums">{appsCount(entries.length)}</span>
      </h3>
      {entries.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <ApplicationRow key={entry.application.uuid} bundleUuid={bundleUuid} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-6 text-sm text-slate-500">{emptyText}</p>
      )}
    </section>
  );
}

/**
 * A bundle's applications (SPEC §2): desktop apps and mobile apps (iOS or iPad platform), searched by
 * name and filtered by management mode — the domain's rules (`isMobileApplication`, `inAnyMode`) over
 * what the API derived, so the screen and the API agree. Search and filters live in the `bundles` slice.
 */
export function BundleApplicationsTab({
  bundleUuid,
  applications,
}: {
  bundleUuid: string;
  applications: BundleApplicationView[];
}) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectApplicationsSearch);
  const modes = useAppSelector(selectApplicationModes);
  const shown = applications
    .filter((entry) => matches(entry, search, i18n.locale) && inAnyMode(entry, modes))
    .sort((a, b) => compareText(a.application.name, b.application.name));
  const desktop = shown.filter((entry) => !isMobileApplication(entry.application));
  const mobile = shown.filter((entry) => isMobileApplication(entry.application));
  const modeOptions = ManagementMode.options.map((value) => ({
    value,
    label: MANAGEMENT_MODE_LABELS[value],
  }));
  const isDefault = search === '' && modes.length === 0;

  if (applications.length === 0)
    return (
      <EmptyState
        icon={AppWindow}
        headingLevel={3}
        title={t`No applications in this bundle`}
        description={t`Add desktop and mobile apps to install them for everyone in the bundle.`}
      />
    );

  return (
    <div className="space-y-4">
      <FilterBar
        label={t`Filter applications`}
        isDefault={isDefault}
        onReset={() => dispatch(clearApplicationFilters())}
      >
        <SearchInput
          label={t`Search applications`}
          placeholder={t`Application name`}
          value={search}
          onValueChange={(value) => dispatch(setApplicationsSearch(value))}
          className="w-full sm:w-64"
        />
        <MultiSelect
          label={t`Management`}
          options={modeOptions}
          value={modes}
          onValueChange={(value) => dispatch(setApplicationModes(value))}
        />
      </FilterBar>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          bundleUuid={bundleUuid}
          id="bundle-desktop-apps"
          title={t`Desktop apps`}
          entries={desktop}
          emptyText={isDefault ? t`No desktop apps in this bundle.` : t`No desktop apps match these filters.`}
        />
        <Section
          bundleUuid={bundleUuid}
          id="bundle-mobile-apps"
          title={t`Mobile apps`}
          entries={mobile}
          emptyText={isDefault ? t`No mobile apps in this bundle.` : t`No mobile apps match these filters.`}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {appsCount(shown.length)}
      </p>
    </div>
  );
}
