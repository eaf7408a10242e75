import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The UI's message catalogs (docs/decisions/007-translations.md). Messages are written in English in
 * the code with Lingui's macros; `npm run i18n:extract -w @equip/web` collects them into one catalog
 * per area, and the German translations live in `src/locales/de/<area>.po`. A message found in
 * several areas' folders is kept in each of them.
 */
const AREAS: Record<string, string[]> = {
  common: ['app', 'ui', 'lib', 'config'],
  auth: ['features/auth', 'features/account'],
  employees: ['features/employees', 'features/me', 'features/onboarding'],
  import: [
    'features/employees/components/import',
    'features/employees/routes/import-employees-page.tsx',
    'lib/csv-import',
  ],
  admin: ['features/outbox', 'features/provider-admins'],
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
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
  })),
});
