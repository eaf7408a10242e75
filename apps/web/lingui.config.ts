import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The UI's message catalogs (docs/decisions/007-translations.md). Messages are written in English in
 * the code with Lingui's macros; `npm run i18n:extract -w @equip/web` collects them into one catalog
 * per area, and the German translations live in `src/locales/de/<area>.po`. A message found in
 * several areas' folders is kept in each of them. A feature named in no area below is the `areas`
 * catalog's (loaded with the app shell), so a new area's feature needs no line here.
 */
const AREAS: Record<string, string[]> = {
  // `common` and `auth` are the sign-in page's: the app's entry loads them (lib/i18n/i18n.ts), the app
  // shell the others. A file the entry bundles must be in one of these two.
  common: [
    'ui',
    'lib',
    'config',
    'app/router.tsx',
    'app/provider.tsx',
    'app/routes',
    'app/layout/centered-layout.tsx',
    'app/layout/skip-link.tsx',
  ],
  // The organisation's profile fields are the organisations area's, and the set-up page (outside the app
  // shell, so with the entry's catalogs only) shows them too.
  auth: ['features/auth', 'features/organizations/components/organization-profile-fields.tsx'],
  shell: ['app/layout', 'features/account', 'features/notifications'],
  employees: ['features/employees', 'features/me', 'features/onboarding'],
  import: [
    'features/employees/components/import',
    'features/employees/routes/import-employees-page.tsx',
    'features/assets/routes/import-peripherals-page.tsx',
    'features/assets/lib/use-import-assets.ts',
    'lib/csv-import',
    'ui/csv-import',
  ],
  admin: [
    'features/outbox',
    'features/provider-admins',
    'features/jobs-admin',
    'features/audit-log',
    'features/webhooks',
    'features/mdm-connections',
    'features/organization-settings',
    'features/organizations',
  ],
  areas: [
    'features/devices',
    'features/bundles',
    'features/procurement',
    'features/integrations',
    'features/workspaces',
    'features/overview',
    'features/enrollment',
    'features/companion',
  ],
};

/** Every feature folder, as `features/<name>`. */
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `features/${entry.name}`);
const NAMED = new Set(Object.values(AREAS).flat());
AREAS.areas = [...(AREAS.areas ?? []), ...FEATURES.filter((feature) => !NAMED.has(feature))];

/**
 * Files and folders whose messages belong to another area than their folder's: the import machinery
 * and pages are the `import` area's alone, the sign-in page's layout is the entry's.
 */
const MOVED: Record<string, string[]> = {
  common: ['lib/csv-import', 'ui/csv-import'],
  shell: ['app/layout/centered-layout.tsx', 'app/layout/skip-link.tsx'],
  employees: ['features/employees/components/import', 'features/employees/routes/import-employees-page.tsx'],
  areas: ['features/devices/routes/import-peripherals-page.tsx'],
};

/** Where the catalogs are; the catalog test extracts into a temporary folder to compare. */
const CATALOG_ROOT = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/src/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: Object.entries(AREAS).map(([area, folders]) => ({
    path: `${CATALOG_ROOT}/{locale}/${area}`,
    include: folders.map((folder) => `<rootDir>/src/${folder}`),
    exclude: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      ...(MOVED[area] ?? []).flatMap((path) => [`<rootDir>/src/${path}`, `<rootDir>/src/${path}/**`]),
    ],
  })),
});
